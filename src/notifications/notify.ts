/**
 * Toast shortcuts with the shared notification component's durations (§9: success 2000 ms, error 4000 ms,
 * info 2000 ms; anything else is persistent unless a duration is given).
 */
import { notificationRequested, type NotificationLevel } from '../store/slices/notifications.slice';
import { ERROR_DURATION_MS, INFO_DURATION_MS, PERSISTENT, SUCCESS_DURATION_MS } from './constants';

export const sharedDurations: Record<NotificationLevel, number> = {
  success: SUCCESS_DURATION_MS,
  error: ERROR_DURATION_MS,
  info: INFO_DURATION_MS,
  warning: PERSISTENT,
  default: PERSISTENT,
};

export const toast = (
  level: NotificationLevel,
  message: string,
  options: { title?: string; duration?: number } = {},
) =>
  notificationRequested({
    kind: 'toast',
    level,
    message,
    title: options.title,
    duration: options.duration ?? sharedDurations[level],
  });

export const notify = {
  success: (message: string, title?: string) => toast('success', message, { title }),
  error: (message: string, title?: string) => toast('error', message, { title }),
  info: (message: string, title?: string) => toast('info', message, { title }),
  warning: (message: string, title?: string) => toast('warning', message, { title }),
};
