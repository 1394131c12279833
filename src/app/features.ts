/**
 * App-wide features that plug into the core layout's slots (notification center, windows column). Called once on
 * the server and in the browser before the first render, so both render the same tree.
 */
import { NotificationsSlot } from '../notifications/NotificationsSlot';
import { WindowsHub } from '../windows/WindowsHub';
import { registerLayoutSlot } from './layout/slots';

export function registerFeatures() {
  // Features register their layout slots here.
  registerLayoutSlot('notifications', NotificationsSlot);
  registerLayoutSlot('windows', WindowsHub);
}
