import { createToaster } from '@chakra-ui/react';
import { NOTIFY_POSITIONS, validateNotification, type Notification, type NotifyOptions, type NotifyPosition, type NotifyType } from '../../domain/rules/notify';

export interface ShownNotification extends Notification {
  id: number;
}

/** The toaster's kind of each notice: its colour and icon. */
export const TOAST_TYPES: Record<NotifyType, 'success' | 'error' | 'warning' | 'info' | 'loading'> = {
  positive: 'success',
  negative: 'error',
  warning: 'warning',
  info: 'info',
  ongoing: 'loading',
};

type Placement = 'top-start' | 'top' | 'top-end' | 'bottom-start' | 'bottom' | 'bottom-end';

/** Chakra's toaster has a top and a bottom row: the middle row's notices show in the top row. */
const PLACEMENTS: Record<NotifyPosition, Placement> = {
  'top-left': 'top-start',
  top: 'top',
  'top-right': 'top-end',
  left: 'top-start',
  center: 'top',
  right: 'top-end',
  'bottom-left': 'bottom-start',
  bottom: 'bottom',
  'bottom-right': 'bottom-end',
};

const placements = [...new Set(NOTIFY_POSITIONS.map((p) => PLACEMENTS[p]))];

/** One toaster per place; a notice leaves when its time is up or it is dismissed, with no exit delay. */
export const toasters = Object.fromEntries(placements.map((placement) => [placement, createToaster({ placement, removeDelay: 0 })])) as Record<Placement, ReturnType<typeof createToaster>>;

let nextId = 1;

/**
 * Shows a notification (positive, negative, warning, info, ongoing; 5000 ms at the bottom by
 * default). Invalid options are refused: nothing is shown and false is returned.
 */
export function notify(options: NotifyOptions): boolean {
  const checked = validateNotification(options);
  if (!checked.ok) {
    console.warn(`Notification refused: ${checked.reason}`);
    return false;
  }
  const notification: ShownNotification = { ...checked.value, id: nextId++ };
  toasters[PLACEMENTS[notification.position]].create({
    id: String(notification.id),
    type: TOAST_TYPES[notification.type],
    title: notification.message,
    description: notification.caption,
    // A timeout of 0 keeps the notification until it is dismissed.
    duration: notification.timeout > 0 ? notification.timeout : Infinity,
    meta: notification,
  });
  return true;
}

export function dismiss(id: number): void {
  for (const toaster of Object.values(toasters)) toaster.remove(String(id));
}

/** The notifications on screen. */
export function shownNotifications(): ShownNotification[] {
  return Object.values(toasters).flatMap((toaster) => toaster.getVisibleToasts().map((toast) => toast.meta as ShownNotification));
}

/** Test seam: every notice leaves the screen at once. */
export function forgetNotificationsForTests(): void {
  for (const toaster of Object.values(toasters)) toaster.remove();
}
