/**
 * Settles once the app's first screen has been drawn (RootShell mounts after the first route's
 * loader and code): what can wait for it, such as the preload's syncs, does not compete with it.
 */
let drawn: () => void = () => undefined;
export const firstScreenDrawn = new Promise<void>((resolve) => {
  drawn = resolve;
});

export function markFirstScreenDrawn(): void {
  drawn();
}
