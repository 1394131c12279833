/**
 * One toast or banner. Its phase (pending, visible, closing) comes from the notification machine through the
 * store; CSS fades it in and out over 200 ms. The close button (or Escape while it has focus) dismisses it.
 */
import { useEffect, useState, type CSSProperties } from 'react';
import { useAppDispatch } from '../store/createStore';
import { notificationDismissed, type Notification } from '../store/slices/notifications.slice';
import { NOTIFICATION_FADE_MS } from './constants';
import { useMarkdown } from './useMarkdown';

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
    action,
  } = notification;
  const dismiss = () => dispatch(notificationDismissed({ localId }));
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
        {deadline !== undefined && <Countdown deadline={deadline} />}
      </div>
      {action && (
        <button
          type="button"
          className="notification__action"
          onClick={() => dispatch(action.action)}
          disabled={phase === 'closing'}
        >
          {action.label}
        </button>
      )}
      <button
        type="button"
        className="notification__close"
        aria-label={`Dismiss: ${label}`}
        onClick={dismiss}
        disabled={phase === 'closing'}
      >
        ×
      </button>
    </li>
  );
}

/** Seconds left until `deadline`, refreshed every second (the text is not a live region: no announcement per tick). */
function Countdown({ deadline }: { deadline: number }) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  const left = Math.max(0, Math.ceil((deadline - now) / 1000));
  return (
    <div className="notification__countdown">
      <span className="notification__seconds">{left}</span> s left
    </div>
  );
}

function MarkdownMessage({ markdown }: { markdown: string }) {
  const html = useMarkdown(markdown);
  return <div className="notification__message markdown" dangerouslySetInnerHTML={{ __html: html }} />;
}
