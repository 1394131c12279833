/** What the `notifications` layout slot shows: the notification center. */
import { NotificationCenter } from './NotificationCenter';

export function NotificationsSlot() {
  return <NotificationCenter />;
}
