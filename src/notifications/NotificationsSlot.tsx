/** What the core layout's `notifications` slot shows: the notification center and the progress overlay. */
import { ProgressOverlay } from '../progress/ProgressOverlay';
import { NotificationCenter } from './NotificationCenter';

export function NotificationsSlot() {
  return (
    <>
      <NotificationCenter />
      <ProgressOverlay />
    </>
  );
}
