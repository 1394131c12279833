/**
 * One toast or banner. Its phase (pending, visible, closing) comes from the notification machine through the
 * store; CSS fades it in and out over 200 ms. The close button (or Escape while it has focus) dismisses it, unless
 * it cannot be dismissed while it stands (a safe-apply countdown: one of its actions ends it).
 */
import { useSyncExternalStore, type CSSProperties, type ReactNode } from 'react';
import { Link, useInRouterContext } from 'react-router';
import { useAppDispatch } from '../store/createStore';
import { notificationDismissed, type Notification } from '../store/slices/notifications.slice';
import { NOTIFICATION_FADE_MS } from './constants';
import { useMarkdown } from './useMarkdown';
import { CloseIcon } from '../widgets/icons';

const levelLabel: Record<Notification['level'], string> = {
  info: 'Information',
  success: 'Success',
  error: 'Error',
  warning: 'Warning',
  default: 'Notice',
};

export function NotificationItem({ notification }: { notification: Notification }) {
  const dispatch = useAppDispatch();
  const {
    localId,
    level,
    kind,
    title,
    message,
    markdown,
    phase = 'pending',
    deadline,
    actions = [],
    undismissable,
    hint,
    link,
  } = notification;
  const dismiss = () => {
    if (!undismissable) dispatch(notificationDismissed({ localId }));
  };
  const style = { '--notification-fade': `${NOTIFICATION_FADE_MS}ms` } as CSSProperties;
  const label = title ? `${title}` : levelLabel[level];
  return (
    <li
      className={`notification notification--${kind} notification--${level} notification--${phase}`}
      style={style}
      aria-label={`${levelLabel[level]}: ${label}`}
      onKeyDown={(e) => {
        if (e.key === 'Escape') {
          e.stopPropagation();
          dismiss();
        }
      }}
    >
      {/* The alert role sits inside the list item: a list's children must stay list items. */}
      <div className="notification__text" role={level === 'error' ? 'alert' : undefined}>
        {title && <strong className="notification__title">{title}</strong>}
        {/* Only texts written as markdown (server messages) are rendered as such; every other one is plain text. */}
        {markdown ? (
          <MarkdownMessage markdown={message} />
        ) : (
          <div className="notification__message">{message}</div>
        )}
        {/* The console's own link, apart from the message: nothing in a message's text ever becomes a link. */}
        {link ? (
          <p className="notification__link">
            <ReviewLink to={link.to}>{link.label}</ReviewLink>
          </p>
        ) : null}
        {hint && <p className="notification__hint">{hint}</p>}
        {deadline !== undefined && <Countdown deadline={deadline} />}
      </div>
      {actions.length > 0 && (
        <div className="notification__actions">
          {actions.map((a) => (
            <button
              key={a.label}
              type="button"
              className={`notification__action${a.primary ? ' notification__action--primary' : ''}`}
              onClick={() => dispatch(a.action)}
              disabled={phase === 'closing'}
            >
              {a.label}
            </button>
          ))}
        </div>
      )}
      {!undismissable && (
        <button
          type="button"
          className="notification__close"
          aria-label={`Dismiss: ${label}`}
          onClick={dismiss}
          disabled={phase === 'closing'}
        >
          <CloseIcon />
        </button>
      )}
    </li>
  );
}

/**
 * Two or more banners of one kind as one line: the group's summary with the count, a link to review them, and one
 * close button that dismisses every one of them (each remembered or acknowledged as its own dismissal).
 */
export function BannerSummary({ members }: { members: Notification[] }) {
  const dispatch = useAppDispatch();
  const first = members[0];
  const group = first.group!;
  const level = members.some((m) => m.level === 'error') ? 'error' : first.level;
  const phase = members.every((m) => m.phase === 'closing')
    ? 'closing'
    : members.some((m) => m.phase === 'visible')
      ? 'visible'
      : (first.phase ?? 'pending');
  const text = group.summary.replace('{count}', String(members.length));
  const dismissable = members.filter((m) => !m.undismissable);
  const dismiss = () => {
    for (const m of dismissable) dispatch(notificationDismissed({ localId: m.localId }));
  };
  const style = { '--notification-fade': `${NOTIFICATION_FADE_MS}ms` } as CSSProperties;
  return (
    <li
      className={`notification notification--banner notification--summary notification--${level} notification--${phase}`}
      style={style}
      aria-label={`${levelLabel[level]}: ${text}`}
      onKeyDown={(e) => {
        if (e.key === 'Escape') {
          e.stopPropagation();
          dismiss();
        }
      }}
    >
      <div className="notification__text">
        <span className="notification__message">
          {text}
          {group.review ? (
            <>
              {' — '}
              <ReviewLink to={group.review.to}>{group.review.label}</ReviewLink>
            </>
          ) : null}
        </span>
      </div>
      {dismissable.length > 0 && (
        <button
          type="button"
          className="notification__close"
          aria-label={`Dismiss: ${text}`}
          onClick={dismiss}
          disabled={phase === 'closing'}
        >
          <CloseIcon />
        </button>
      )}
    </li>
  );
}

/** A link inside the console: the router's when there is one (a page), a plain link otherwise (a story, a test). */
function ReviewLink({ to, children }: { to: string; children: ReactNode }) {
  const inRouter = useInRouterContext();
  return inRouter ? <Link to={to}>{children}</Link> : <a href={to}>{children}</a>;
}

/** Seconds left until `deadline`, refreshed every second (the text is not a live region: no announcement per tick). */
/** The clock in whole seconds, ticking each second; none on the server (see Countdown). */
const subscribeSeconds = (tick: () => void) => {
  const timer = setInterval(tick, 1000);
  return () => clearInterval(timer);
};
// Rounded up: a countdown may read a second short, never a second long.
const secondsNow = () => Math.ceil(Date.now() / 1000);
const noClock = () => null;

function Countdown({ deadline }: { deadline: number }) {
  // No clock while rendering on the server nor while hydrating: the two clocks differ, and a countdown that changed
  // its second between them made React throw the server's page away (a hydration mismatch).
  const seconds = useSyncExternalStore(subscribeSeconds, secondsNow, noClock);
  if (seconds === null) return <div className="notification__countdown" />;
  const now = seconds * 1000;
  const left = Math.max(0, Math.ceil((deadline - now) / 1000));
  // A minute or more reads as minutes and seconds ("14 min 20 s left"), less as seconds.
  return (
    <div className="notification__countdown">
      {left >= 60 ? (
        <>
          <span className="notification__seconds">{Math.floor(left / 60)}</span> min{' '}
          <span className="notification__seconds">{left % 60}</span> s left
        </>
      ) : (
        <>
          <span className="notification__seconds">{left}</span> s left
        </>
      )}
    </div>
  );
}

function MarkdownMessage({ markdown }: { markdown: string }) {
  const html = useMarkdown(markdown);
  return <div className="notification__message markdown" dangerouslySetInnerHTML={{ __html: html }} />;
}
