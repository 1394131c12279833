/**
 * One toast or banner. Its phase (pending, visible, closing) comes from the notification machine through the
 * store; CSS fades it in and out over 200 ms. The close button (or Escape while it has focus) dismisses it.
 */
import type { CSSProperties } from 'react';
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
  const { localId, level, kind, title, message, phase = 'pending', id } = notification;
  const dismiss = () => dispatch(notificationDismissed({ localId }));
  const style = { '--notification-fade': `${NOTIFICATION_FADE_MS}ms` } as CSSProperties;
  const label = title ? `${title}` : levelLabel[level];
  return (
    <li
      className={`notification notification--${kind} notification--${level} notification--${phase}`}
      style={style}
      role={level === 'error' ? 'alert' : undefined}
      aria-label={`${levelLabel[level]}: ${label}`}
      onKeyDown={(e) => {
        if (e.key === 'Escape') {
          e.stopPropagation();
          dismiss();
        }
      }}
    >
      <div className="notification__text">
        {title && <strong className="notification__title">{title}</strong>}
        {/* Server messages are markdown; local ones are plain text. */}
        {id ? <MarkdownMessage markdown={message} /> : <div className="notification__message">{message}</div>}
      </div>
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

function MarkdownMessage({ markdown }: { markdown: string }) {
  const html = useMarkdown(markdown);
  return <div className="notification__message markdown" dangerouslySetInnerHTML={{ __html: html }} />;
}
