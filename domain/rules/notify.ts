export const NOTIFY_TYPES = ['positive', 'negative', 'warning', 'info', 'ongoing'] as const;
export type NotifyType = (typeof NOTIFY_TYPES)[number];

export const NOTIFY_POSITIONS = [
  'top-left',
  'top',
  'top-right',
  'left',
  'center',
  'right',
  'bottom-left',
  'bottom',
  'bottom-right',
] as const;
export type NotifyPosition = (typeof NOTIFY_POSITIONS)[number];

export const DEFAULT_NOTIFY_TYPE: NotifyType = 'info';
export const DEFAULT_NOTIFY_TIMEOUT = 5000;
export const DEFAULT_NOTIFY_POSITION: NotifyPosition = 'bottom';

/** What callers may pass; type and position are plain strings because they are checked here. */
export interface NotifyOptions {
  type?: string;
  message: string;
  caption?: string;
  timeout?: number;
  position?: string;
}

/** Options with defaults filled in; timeout 0 means the notification stays until dismissed. */
export interface Notification {
  type: NotifyType;
  message: string;
  caption?: string;
  timeout: number;
  position: NotifyPosition;
}

export type NotifyValidation = { ok: true; value: Notification } | { ok: false; reason: string };

const isOneOf = <T extends string>(list: readonly T[], value: string): value is T => (list as readonly string[]).includes(value);

/** Fills in defaults, or refuses a notification with an unknown type or position, no message, or a bad timeout. */
export function validateNotification(opts: NotifyOptions): NotifyValidation {
  const { type = DEFAULT_NOTIFY_TYPE, message, caption, timeout = DEFAULT_NOTIFY_TIMEOUT, position = DEFAULT_NOTIFY_POSITION } = opts;
  if (!isOneOf(NOTIFY_TYPES, type)) return { ok: false, reason: `Unknown notification type: ${type}` };
  if (!message?.trim()) return { ok: false, reason: 'Notification message is required' };
  if (!Number.isFinite(timeout) || timeout < 0) return { ok: false, reason: 'Timeout must be a non-negative finite number' };
  if (!isOneOf(NOTIFY_POSITIONS, position)) return { ok: false, reason: `Position must be one of: ${NOTIFY_POSITIONS.join(', ')}` };
  return { ok: true, value: { type, message, caption, timeout, position } };
}
