/**
 * The notification center's history (issue 30): a bell in the main bar with the count of alerts that fired or
 * resolved since this account last opened it. Its panel lists the firing alerts first (most severe first, each
 * linking to its subject's page), then the last month's resolved ones. Several certificates nearing their end read
 * as one summary line ("3 certificates expire within 14 days") linking to the alerts of that kind, never one line
 * each. The read state is the appliance's, per account (`POST {api}alerts/notifications/read`), so an admin who
 * read on one browser has read on the others. Alerts are the administrators': other accounts have no bell.
 */
import { useEffect, useId, useRef, useState } from 'react';
import type * as alerts from '../shared/contracts/alerts';
import type { AlertItem } from '../shared/contracts/alerts';
import * as coreShell from '../shared/contracts/coreShell';
import { SEVERITY_LABELS } from '../shared/contracts/values';
import { formatDateTime } from '../lib/format/time';
import { useEndpoint, useResourceSave } from '../store/useResource';
import { BellIcon } from '../widgets/icons';
import './notifications.css';

/** How often an open console asks for the bell's state again. */
export const BELL_REFRESH_MS = 60_000;

/** A line of the panel: one alert, or the summary of the certificates nearing their end. */
export type BellEntry =
  | { type: 'alert'; alert: AlertItem }
  | {
      type: 'summary';
      key: string;
      text: string;
      href: string;
      severity: AlertItem['severity'];
      alerts: AlertItem[];
    };

const RANK = { critical: 0, warning: 1, info: 2 } as const;

/** The days an expiry alert's summary names ("ends in 12 days"), else null. */
const daysOf = (a: AlertItem): number | null => {
  const m = /ends in (\d+) days|ends within a day|has ended/.exec(a.summary);
  if (!m) return null;
  return m[1] ? Number(m[1]) : m[0] === 'ends within a day' ? 1 : 0;
};

const certificates = (n: number) => `${n} certificate${n === 1 ? '' : 's'}`;

/** "3 certificates expire within 13 days", "2 certificates have ended", "40 certificates have ended, 14 expire …". */
export function expirySummary(total: number, ended: number, withinDays: number): string {
  const expire = (n: number) =>
    `expire${n === 1 ? 's' : ''} within ${withinDays} day${withinDays === 1 ? '' : 's'}`;
  if (ended === total) return `${certificates(total)} ${total === 1 ? 'has' : 'have'} ended`;
  if (ended === 0) return `${certificates(total)} ${expire(total)}`;
  return `${certificates(ended)} ${ended === 1 ? 'has' : 'have'} ended, ${total - ended} ${expire(total - ended)}`;
}

/**
 * The firing alerts as the panel lists them: expiring certificates (two or more) become one summary where the most
 * severe of them stands, the other alerts stay one line each.
 */
export function bellEntries(firing: readonly AlertItem[]): BellEntry[] {
  const expiring = firing.filter((a) => a.kind === 'certificate_expiry');
  const entries: BellEntry[] = [];
  let placed = false;
  for (const a of firing) {
    if (a.kind !== 'certificate_expiry' || expiring.length < 2) {
      entries.push({ type: 'alert', alert: a });
      continue;
    }
    if (placed) continue;
    placed = true;
    const days = expiring.map(daysOf).filter((d): d is number => d !== null);
    const ended = days.filter((d) => d === 0).length;
    const within = Math.max(1, ...days);
    const worst = expiring.reduce((w, x) => (RANK[x.severity] < RANK[w.severity] ? x : w));
    entries.push({
      type: 'summary',
      key: 'certificate_expiry',
      text: expirySummary(expiring.length, ended, within),
      href: '/system/alerts?kind=certificate_expiry&state=firing',
      severity: worst.severity,
      alerts: expiring,
    });
  }
  return entries;
}

function isNew(a: AlertItem, readAt: number | null): boolean {
  if (readAt === null) return true;
  return a.state === 'firing' ? a.first_seen > readAt : (a.resolved_at ?? 0) > readAt;
}

function Line({ entry, readAt }: { entry: BellEntry; readAt: number | null }) {
  if (entry.type === 'summary') {
    const fresh = entry.alerts.some((a) => isNew(a, readAt));
    return (
      <li className={`bell__item bell__item--${entry.severity}${fresh ? ' bell__item--new' : ''}`}>
        <a href={entry.href}>
          <span className="bell__severity">{SEVERITY_LABELS[entry.severity]}</span> {entry.text}
        </a>
      </li>
    );
  }
  const a = entry.alert;
  const fresh = isNew(a, readAt);
  return (
    <li
      className={`bell__item bell__item--${a.state === 'firing' ? a.severity : 'resolved'}${fresh ? ' bell__item--new' : ''}`}
    >
      <a href={a.link}>
        <span className="bell__severity">
          {a.state === 'firing' ? SEVERITY_LABELS[a.severity] : 'Resolved'}
        </span>{' '}
        {a.summary}
      </a>
      <span className="bell__when">
        {a.state === 'firing'
          ? `Since ${formatDateTime(a.first_seen)}`
          : `Resolved ${formatDateTime(a.resolved_at ?? a.last_seen)}`}
      </span>
    </li>
  );
}

/**
 * The bell's routes as their endpoints: the resources slice reads only an endpoint's method and path (its key and
 * the call), and the bell, loaded with the core layout, stays without the alerts contract's schemas.
 */
const getNotifications = coreShell.getNotifications as unknown as typeof alerts.getNotifications;
const markNotificationsRead =
  coreShell.markNotificationsRead as unknown as typeof alerts.markNotificationsRead;

export function NotificationBell() {
  const { data, reload, key } = useEndpoint(getNotifications);
  const read = useResourceSave();
  const [open, setOpen] = useState(false);
  // What was unread when the panel opened stays marked while it is open (the appliance already counts it read).
  const [shownReadAt, setShownReadAt] = useState<number | null>(null);
  const panelId = useId();
  const root = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const t = setInterval(reload, BELL_REFRESH_MS);
    return () => clearInterval(t);
  }, [reload]);

  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') {
        setOpen(false);
        root.current?.querySelector('button')?.focus();
      }
    };
    const onClick = (e: MouseEvent) => {
      if (root.current && !root.current.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('mousedown', onClick);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('mousedown', onClick);
    };
  }, [open]);

  const unread = data?.unread ?? 0;
  const toggle = () => {
    if (open) {
      setOpen(false);
      return;
    }
    setShownReadAt(data?.read_at ?? null);
    setOpen(true);
    if (unread > 0) read.save({ endpoint: markNotificationsRead, body: {}, key });
  };
  const firing = bellEntries(data?.firing ?? []);
  // The appliance answers the last 30 days' resolved alerts.
  const recent = data?.recent ?? [];

  return (
    <div className="bell" ref={root}>
      <button
        type="button"
        className="icon-button bell__button"
        aria-label={unread ? `Notifications (${unread} unread)` : 'Notifications'}
        title="Notifications"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={toggle}
      >
        <BellIcon />
        {unread ? (
          <span className="bell__count" aria-hidden="true">
            {unread > 99 ? '99+' : unread}
          </span>
        ) : null}
      </button>
      <div
        id={panelId}
        className="bell__panel"
        role="region"
        aria-label="Notifications"
        hidden={!open}
        // A link followed (in the app) closes the panel.
        onClick={(e) => {
          if ((e.target as Element).closest('a')) setOpen(false);
        }}
      >
        {open ? (
          <>
            <h2 className="bell__title">Notifications</h2>
            <h3 className="bell__heading">Firing</h3>
            {firing.length ? (
              <ul className="bell__list" aria-label="Firing alerts">
                {firing.map((e) => (
                  <Line key={e.type === 'summary' ? e.key : e.alert.id} entry={e} readAt={shownReadAt} />
                ))}
              </ul>
            ) : (
              <p className="bell__empty">Nothing needs attention.</p>
            )}
            <h3 className="bell__heading">Earlier</h3>
            {recent.length ? (
              <ul className="bell__list" aria-label="Earlier notifications">
                {recent.map((a) => (
                  <Line key={a.id} entry={{ type: 'alert', alert: a }} readAt={shownReadAt} />
                ))}
              </ul>
            ) : (
              <p className="bell__empty">No alert resolved in the last 30 days.</p>
            )}
            <p className="bell__footer">
              <a href="/system/alerts">All alerts</a> · <a href="/system/alert-channels">Channels</a>
            </p>
          </>
        ) : null}
      </div>
    </div>
  );
}
