/** Canned store state for the notification-area stories. */
import { defaults, publicConfig } from '../../../config';
import type { RootState } from '../../../src/store/createStore';
import type { Notification, NotificationsState } from '../../../src/store/slices/notifications.slice';

export const config = publicConfig(defaults);

export function notificationsState(patch: Partial<NotificationsState> = {}): Partial<RootState> {
  return {
    config,
    notifications: {
      toasts: [],
      banners: [],
      agreements: [],
      stickyErrors: [],
      agreementModal: null,
      messages: 'loaded',
      ...patch,
    },
  };
}

export const toast = (
  level: Notification['level'],
  message: string,
  patch: Partial<Notification> = {},
): Notification => ({
  localId: `${level}-${message}`,
  kind: 'toast',
  level,
  message,
  duration: -1,
  phase: 'visible',
  ...patch,
});

export const terms = `# Terms of use

By using this console you agree to:

1. keep your credentials **secret**;
2. report security problems to [security@example.com](mailto:security@example.com);
3. read the [privacy policy](https://example.com/privacy).

${Array.from({ length: 12 }, (_v, i) => `Clause ${i + 4}: the appliance logs administrative actions for audit purposes.`).join('\n\n')}
`;
