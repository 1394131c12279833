/**
 * App-wide features that plug into layout slots (the notification center, shown by the core layout and the account pages). Called once on
 * the server and in the browser before the first render, so both render the same tree.
 */
import { NotificationsSlot } from '../notifications/NotificationsSlot';
import { registerLayoutSlot } from './layout/slots';

export function registerFeatures() {
  // Features register their layout slots here.
  registerLayoutSlot('notifications', NotificationsSlot);
}
