/**
 * The notification center's pending lists (spec §3 notification, §4 notifications): toasts, banners and
 * agreements. Any feature raises one with `notificationRequested`; the notification saga owns timers and removal.
 */
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

export type NotificationLevel = 'info' | 'success' | 'error' | 'warning' | 'default';
export type NotificationKind = 'toast' | 'banner' | 'agreement';

export interface Notification {
  localId: string;
  /** Server message id and version (messaging center), when it came from the appliance. */
  id?: string;
  version_id?: string;
  title?: string;
  message: string;
  /** Milliseconds; -1 = stays until dismissed. */
  duration: number;
  level: NotificationLevel;
  kind: NotificationKind;
  showFrom?: 'top' | 'bottom';
}

export type NotificationRequest = Omit<Notification, 'localId' | 'duration'> & { duration?: number; localId?: string };

export interface NotificationsState {
  toasts: Notification[];
  banners: Notification[];
  agreements: Notification[];
}

const initialState: NotificationsState = { toasts: [], banners: [], agreements: [] };
const listOf = (kind: NotificationKind): keyof NotificationsState =>
  kind === 'toast' ? 'toasts' : kind === 'banner' ? 'banners' : 'agreements';

let counter = 0;
const nextLocalId = () => `n${Date.now().toString(36)}${(counter++).toString(36)}`;

export const notificationsSlice = createSlice({
  name: 'notifications',
  initialState,
  reducers: {
    notificationRequested: {
      reducer(state, action: PayloadAction<Notification>) {
        state[listOf(action.payload.kind)].push(action.payload);
      },
      prepare(request: NotificationRequest) {
        return { payload: { ...request, localId: request.localId ?? nextLocalId(), duration: request.duration ?? -1 } };
      },
    },
    notificationRemoved(state, action: PayloadAction<{ localId: string }>) {
      for (const key of ['toasts', 'banners', 'agreements'] as const) {
        state[key] = state[key].filter((n) => n.localId !== action.payload.localId);
      }
    },
    notificationsCleared(state, action: PayloadAction<{ kind?: NotificationKind } | undefined>) {
      const kind = action.payload?.kind;
      if (!kind || kind === 'toast') state.toasts = [];
      if (!kind || kind === 'banner') state.banners = [];
      if (!kind || kind === 'agreement') state.agreements = [];
    },
  },
});

export const { notificationRequested, notificationRemoved, notificationsCleared } = notificationsSlice.actions;
