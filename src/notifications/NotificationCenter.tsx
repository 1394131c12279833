/**
 * The notification center (spec §2): banners at the top, toasts at the bottom (announced through a live region),
 * the agreement modal and the sticky error modals. Mounted once in the core layout's `notifications` slot.
 */
import { lazy, Suspense, useSyncExternalStore } from 'react';
import { useAppDispatch, useAppSelector } from '../store/createStore';
import { notificationsDismissedAll, stickyErrorConfirmed } from '../store/slices/notifications.slice';
import { StickyErrorModal } from '../widgets/StickyErrorModal';
import { NotificationItem } from './NotificationItem';
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

export function NotificationCenter() {
  const dispatch = useAppDispatch();
  const banners = useAppSelector((s) => s.notifications.banners);
  const toasts = useAppSelector((s) => s.notifications.toasts);
  const sticky = useAppSelector((s) => s.notifications.stickyErrors[0]);
  const agreementShown = useAppSelector((s) => s.notifications.agreementModal !== null);
  // The browser may open an agreement from the server's messages before hydrating; the server never renders the
  // modal, so it mounts only once hydration is over (otherwise the two renders differ).
  const hydrated = useSyncExternalStore(noSubscription, isBrowserRender, isServerRender);
  return (
    <>
      <section className="notification-center notification-center--top" aria-label="Announcements">
        <ul className="notification-center__list">
          {banners.map((n) => (
            <NotificationItem key={n.localId} notification={n} />
          ))}
        </ul>
      </section>
      <section className="notification-center notification-center--bottom" aria-label="Notifications">
        {/* The live region exists from the start, so screen readers announce toasts added later. */}
        <ul className="notification-center__list" aria-live="polite" aria-relevant="additions">
          {toasts.map((n) => (
            <NotificationItem key={n.localId} notification={n} />
          ))}
        </ul>
        {toasts.length + banners.length > 1 && (
          <button
            type="button"
            className="notification-center__clear"
            onClick={() => dispatch(notificationsDismissedAll())}
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
