import type { RouteName } from '../../../domain/routes';

/** The delivery-note screens of each layout: the production variants open their own create and detail. */
export interface NoteScreens {
  home: RouteName;
  create: RouteName;
  detail: RouteName;
}
const MAIN: NoteScreens = { home: 'dnote-home', create: 'dnote-create', detail: 'dnote-detail' };
const PRODUCTION: NoteScreens = { home: 'prod-dnote-home', create: 'prod-dnote-create', detail: 'prod-dnote-detail' };

export const noteScreensOf = (route: string | undefined): NoteScreens => (route?.startsWith('prod-') ? PRODUCTION : MAIN);
