/** Timing constants of the notification center and the messaging center (spec §9), named once. */

/** §9 notification fade 200 ms. */
export const NOTIFICATION_FADE_MS = 200;
/** §9 notification appearance delay 100 ms. */
export const NOTIFICATION_APPEAR_DELAY_MS = 100;
/** §4 a closed notification is removed after twice the fade time. */
export const NOTIFICATION_REMOVE_AFTER_MS = 2 * NOTIFICATION_FADE_MS;
/** §9 default duration -1: persistent until dismissed. */
export const PERSISTENT = -1;
/** §9 shared notification component durations. */
export const SUCCESS_DURATION_MS = 2000;
export const ERROR_DURATION_MS = 4000;
export const INFO_DURATION_MS = 2000;
/** §9 identity area: the first-access and password-changed notices stay 10000 ms. */
export const ACCOUNT_NOTICE_DURATION_MS = 10000;
/** §8 conflicting users or groups: 2500 ms per listed item. */
export const CONFLICT_MS_PER_ITEM = 2500;
/** §9 agreement modal delay 100 ms. */
export const AGREEMENT_APPEAR_DELAY_MS = 100;

/** Cross-window messages the parent frame receives (spec §7). */
export const PARENT_MESSAGE_ACCEPTED_ALL = 'acceptedAllAgreements';
export const PARENT_MESSAGE_DECLINED = 'declinedAgreement';
