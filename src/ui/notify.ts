import { useSyncExternalStore } from 'react';
import { validateNotification, type Notification, type NotifyOptions } from '../../domain/rules/notify';

export interface ShownNotification extends Notification {
  id: number;
}

let shown: ShownNotification[] = [];
let nextId = 1;
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((l) => l());

export function dismiss(id: number): void {
  shown = shown.filter((n) => n.id !== id);
  emit();
}

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
  const notification = { ...checked.value, id: nextId++ };
  shown = [...shown, notification];
  emit();
  // A timeout of 0 keeps the notification until it is dismissed.
  if (notification.timeout > 0) setTimeout(() => dismiss(notification.id), notification.timeout);
  return true;
}

export function useNotifications(): ShownNotification[] {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => shown,
  );
}
