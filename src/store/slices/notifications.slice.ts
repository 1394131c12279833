/**
 * The notification center's pending lists (spec §3 notification, §4 notifications): toasts, banners and
 * agreements, plus the sticky error modals raised by the error handler. Any feature raises one with
 * `notificationRequested`; the notification saga owns timers, acknowledgement and removal.
 */
import { createSlice, type PayloadAction, type UnknownAction } from '@reduxjs/toolkit';

export type NotificationLevel = 'info' | 'success' | 'error' | 'warning' | 'default';
export type NotificationKind = 'toast' | 'banner' | 'agreement';
/** Where a toast or banner is in its life (driven by the notification machine). */
export type NotificationPhase = 'pending' | 'visible' | 'closing';

export interface Notification {
  localId: string;
  /** Server message id and version (messaging center), when it came from the appliance. */
  id?: string;
  version_id?: string;
  title?: string;
  /** Plain text, shown as typed: names in it (a certificate's, a group's) stay text. */
  message: string;
  /**
   * The message is markdown written to be read as such: only server messages of the messaging center set it (the
   * admin's texts). Nothing else is rendered as markdown, so a name can never become an image or a link.
   */
  markdown?: boolean;
  /** Milliseconds; -1 = stays until dismissed. */
  duration: number;
  level: NotificationLevel;
  kind: NotificationKind;
  showFrom?: 'top' | 'bottom';
  /** Lifecycle phase of a toast or banner; absent until the saga picks it up. */
  phase?: NotificationPhase;
  /** An agreement the user declined (kept so it is not shown again). */
  dismissed?: boolean;
  /** Milliseconds since the epoch: the notification counts down to it (e.g. an automatic rollback). */
  deadline?: number;
  /** What it is about (e.g. `safe-apply:ssh`), so a page can show the related state (a change awaiting its keep). */
  topic?: string;
  /** A second line telling what to do (e.g. how to test a change before keeping it). */
  hint?: string;
  /** Buttons beside the text; pressing one dispatches its `action` (e.g. "Keep changes", "Revert now"). */
  actions?: NotificationAction[];
  /** A link after the message to where it is acted on (an address inside the console): "Review". */
  link?: { label: string; to: string };
  /**
   * It cannot be closed while it stands (a running safe-apply countdown): no close button, Escape and "Dismiss all"
   * leave it; one of its actions ends it.
   */
  undismissable?: boolean;
  /**
   * A notice the console raised itself (not a server message): closing it is remembered for the signed-in user under
   * `key` and `version` (src/notifications/dismissals.ts) and it is never acknowledged to the server.
   */
  notice?: { key: string; version: string };
  /**
   * Banners of one kind: while more than one of a group is shown, they read as one summary line (`summary` with
   * `{count}` replaced) with a link to review them; closing the summary closes every one of them.
   */
  group?: NotificationGroup;
}

export interface NotificationAction {
  label: string;
  action: UnknownAction;
  /** The main choice is drawn filled; the others outlined. */
  primary?: boolean;
}

export interface NotificationGroup {
  key: string;
  /** e.g. "{count} certificates expire within 14 days". */
  summary: string;
  /** Where the group is reviewed (an address inside the console). */
  review?: { label: string; to: string };
}

export type NotificationRequest = Omit<Notification, 'localId' | 'duration' | 'phase' | 'dismissed'> & {
  duration?: number;
  localId?: string;
};

/** A sticky error modal (spec §8 `requiresConfirmation`): stays until the user confirms it. */
export interface StickyError {
  localId: string;
  title: string;
  message: string;
}

/** The agreement modal as its machine last reported it (the messaging saga mirrors it here for the view). */
export interface AgreementModalState {
  localId: string;
  state: 'hidden' | 'visible' | 'accepting';
  read: boolean;
}

/** Events the agreement modal's view sends to the agreement machine (forwarded by the messaging saga). */
export type AgreementModalEvent =
  { type: 'user.toggleRead'; checked: boolean } | { type: 'user.accept' } | { type: 'user.decline' };

export interface NotificationsState {
  toasts: Notification[];
  banners: Notification[];
  agreements: Notification[];
  stickyErrors: StickyError[];
  agreementModal: AgreementModalState | null;
  /** The messaging center's load of `users/me/messages`. */
  messages: 'idle' | 'loading' | 'loaded' | 'failed';
}

const initialState: NotificationsState = {
  toasts: [],
  banners: [],
  agreements: [],
  stickyErrors: [],
  agreementModal: null,
  messages: 'idle',
};
type ListKey = 'toasts' | 'banners' | 'agreements';
export const listOf = (kind: NotificationKind): ListKey =>
  kind === 'toast' ? 'toasts' : kind === 'banner' ? 'banners' : 'agreements';
const LISTS: ListKey[] = ['toasts', 'banners', 'agreements'];

let counter = 0;
export const nextLocalId = () => `n${Date.now().toString(36)}${(counter++).toString(36)}`;

export const notificationsSlice = createSlice({
  name: 'notifications',
  initialState,
  reducers: {
    notificationRequested: {
      reducer(state, action: PayloadAction<Notification>) {
        const list = state[listOf(action.payload.kind)];
        // A server message already shown (same id and version) is not shown twice, nor is a local notice.
        const { id, version_id, notice } = action.payload;
        if (id && list.some((n) => n.id === id && n.version_id === version_id)) return;
        if (notice && list.some((n) => n.notice?.key === notice.key && n.notice.version === notice.version))
          return;
        list.push(action.payload);
      },
      prepare(request: NotificationRequest) {
        return {
          payload: {
            ...request,
            localId: request.localId ?? nextLocalId(),
            duration: request.duration ?? -1,
          },
        };
      },
    },
    notificationRemoved(state, action: PayloadAction<{ localId: string }>) {
      for (const key of LISTS) state[key] = state[key].filter((n) => n.localId !== action.payload.localId);
    },
    notificationsCleared(state, action: PayloadAction<{ kind?: NotificationKind } | undefined>) {
      const kind = action.payload?.kind;
      if (!kind || kind === 'toast') state.toasts = [];
      if (!kind || kind === 'banner') state.banners = [];
      if (!kind || kind === 'agreement') state.agreements = [];
    },
    /** The user closed a toast or banner (the saga fades it out, acknowledges it and removes it). */
    notificationDismissed(_state, _action: PayloadAction<{ localId: string }>) {},
    /**
     * The user asked to clear every toast and banner, or those of one kind (each is acknowledged like a dismissal;
     * one that cannot be dismissed stays).
     */
    notificationsDismissedAll(_state, _action: PayloadAction<{ kind?: NotificationKind } | undefined>) {},
    notificationPhaseChanged(state, action: PayloadAction<{ localId: string; phase: NotificationPhase }>) {
      for (const key of LISTS) {
        const n = state[key].find((x) => x.localId === action.payload.localId);
        if (n) n.phase = action.payload.phase;
      }
    },
    agreementDismissed(state, action: PayloadAction<{ localId: string }>) {
      const n = state.agreements.find((x) => x.localId === action.payload.localId);
      if (n) n.dismissed = true;
    },
    agreementModalChanged(state, action: PayloadAction<AgreementModalState | null>) {
      state.agreementModal = action.payload;
    },
    agreementModalEvent(_state, _action: PayloadAction<AgreementModalEvent>) {},
    /** Load the messaging center's messages (spec §7). */
    messagesRequested(state) {
      if (state.messages !== 'loaded') state.messages = 'loading';
    },
    messagesLoadFinished(state, action: PayloadAction<{ ok: boolean }>) {
      state.messages = action.payload.ok ? 'loaded' : 'failed';
    },
    stickyErrorRaised: {
      reducer(state, action: PayloadAction<StickyError>) {
        state.stickyErrors.push(action.payload);
      },
      prepare(e: Omit<StickyError, 'localId'>) {
        return { payload: { ...e, localId: nextLocalId() } };
      },
    },
    stickyErrorConfirmed(state, action: PayloadAction<{ localId: string }>) {
      state.stickyErrors = state.stickyErrors.filter((e) => e.localId !== action.payload.localId);
    },
  },
});

export const {
  notificationRequested,
  notificationRemoved,
  notificationsCleared,
  notificationDismissed,
  notificationsDismissedAll,
  notificationPhaseChanged,
  agreementDismissed,
  agreementModalChanged,
  agreementModalEvent,
  messagesRequested,
  messagesLoadFinished,
  stickyErrorRaised,
  stickyErrorConfirmed,
} = notificationsSlice.actions;

/** The agreement the modal shows: the first one not declined. */
export const selectCurrentAgreement = (s: { notifications: NotificationsState }) =>
  s.notifications.agreements.find((a) => !a.dismissed);
