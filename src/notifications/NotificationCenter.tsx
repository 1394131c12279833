/**
 * The notification center (spec §2): banners in the page's flow at the top of the content (the page moves down,
 * nothing covers it), toasts at the bottom (announced through a live region), the agreement modal and the sticky
 * error modals. Mounted once in the layout's `notifications` slot, which sits at the top of the content area.
 * Banners of one kind are summarised: two or more of a group read as one line with a count and a Review link.
 */
import { lazy, Suspense, useSyncExternalStore } from 'react';
import { useAppDispatch, useAppSelector } from '../store/createStore';
import {
  notificationsDismissedAll,
  stickyErrorConfirmed,
  type Notification,
} from '../store/slices/notifications.slice';
import { StickyErrorModal } from '../widgets/StickyErrorModal';
import { BannerSummary, NotificationItem } from './NotificationItem';
import './notifications.css';

// The agreement modal's code loads when an agreement is to be shown (never during a server render: the agreements
// saga runs in the browser only), so first loads without one do not carry it.
const AgreementModal = lazy(() =>
  import(/* webpackChunkName: "agreement-modal" */ './AgreementModal').then((m) => ({
    default: m.AgreementModal,
  })),
);

const noSubscription = () => () => {};
const isBrowserRender = () => true;
/** What the server rendered, and so what hydration must render too. */
const isServerRender = () => false;

/** What the banner list shows: single banners, and one entry per group of two or more. */
export type BannerEntry =
  { type: 'single'; notification: Notification } | { type: 'group'; key: string; members: Notification[] };

/** Groups banners of one kind (same `group.key`) where the first of them stands; a group of one stays single. */
export function bannerEntries(banners: readonly Notification[]): BannerEntry[] {
  const groups = new Map<string, Notification[]>();
  for (const n of banners) {
    if (!n.group) continue;
    const members = groups.get(n.group.key);
    if (members) members.push(n);
    else groups.set(n.group.key, [n]);
  }
  const entries: BannerEntry[] = [];
  const placed = new Set<string>();
  for (const n of banners) {
    const members = n.group ? groups.get(n.group.key) : undefined;
    if (!members || members.length < 2) entries.push({ type: 'single', notification: n });
    else if (!placed.has(n.group!.key)) {
      placed.add(n.group!.key);
      entries.push({ type: 'group', key: n.group!.key, members });
    }
  }
  return entries;
}

export function NotificationCenter() {
  const dispatch = useAppDispatch();
  const banners = useAppSelector((s) => s.notifications.banners);
  const toasts = useAppSelector((s) => s.notifications.toasts);
  const sticky = useAppSelector((s) => s.notifications.stickyErrors[0]);
  const agreementShown = useAppSelector((s) => s.notifications.agreementModal !== null);
  // The browser may open an agreement from the server's messages before hydrating; the server never renders the
  // modal, so it mounts only once hydration is over (otherwise the two renders differ).
  const hydrated = useSyncExternalStore(noSubscription, isBrowserRender, isServerRender);
  const entries = bannerEntries(banners);
  const dismissableEntries = entries.filter((e) =>
    e.type === 'single' ? !e.notification.undismissable : true,
  ).length;
  return (
    <>
      <section
        className="notification-center notification-center--top"
        aria-label="Announcements"
        hidden={banners.length === 0}
      >
        <ul className="notification-center__list">
          {entries.map((e) =>
            e.type === 'single' ? (
              <NotificationItem key={e.notification.localId} notification={e.notification} />
            ) : (
              <BannerSummary key={`group-${e.key}`} members={e.members} />
            ),
          )}
        </ul>
        {dismissableEntries > 1 && (
          <button
            type="button"
            className="notification-center__clear"
            onClick={() => dispatch(notificationsDismissedAll({ kind: 'banner' }))}
          >
            Dismiss all
          </button>
        )}
      </section>
      <section className="notification-center notification-center--bottom" aria-label="Notifications">
        {/* The live region exists from the start, so screen readers announce toasts added later. */}
        <ul className="notification-center__list" aria-live="polite" aria-relevant="additions">
          {toasts.map((n) => (
            <NotificationItem key={n.localId} notification={n} />
          ))}
        </ul>
        {toasts.length > 1 && (
          <button
            type="button"
            className="notification-center__clear"
            onClick={() => dispatch(notificationsDismissedAll({ kind: 'toast' }))}
          >
            Dismiss all
          </button>
        )}
      </section>
      {hydrated && agreementShown && (
        <Suspense fallback={null}>
          <AgreementModal />
        </Suspense>
      )}
      {sticky && (
        <StickyErrorModal
          key={sticky.localId}
          open
          title={sticky.title}
          message={sticky.message}
          onConfirm={() => dispatch(stickyErrorConfirmed({ localId: sticky.localId }))}
        />
      )}
    </>
  );
}
