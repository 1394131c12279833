/**
 * An appliance's stored events (GET fleet/appliances/{id}/events) in words, and the pages of them a page holds.
 * The manager checked each event against its contract when it stored it, but the API gives it as `unknown`: every
 * field is read with its type checked, and what an appliance wrote is only ever text.
 */
import { keyOf } from '../../../../shared/contracts/endpoint';
import { listFleetApplianceEvents } from '../../../../shared/contracts/fleetEnrolment';
import type { FleetStoredEvent } from '../../../../shared/contracts/fleetStates';
import { SEVERITY_LABELS, type AlertSeverity } from '../../../../shared/contracts/values';

/** Events a page: the newest 50 first, then 50 older ones each time. */
export const EVENTS_PER_PAGE = 50;

export interface EventsPage {
  data: FleetStoredEvent[];
  next_before: number | null;
}

/** The resource key of a page of an appliance's events: the newest (no `before`) or those older than `before`. */
export const fleetEventsKey = (id: string, before?: number) =>
  keyOf(listFleetApplianceEvents, { id }, { per_page: EVENTS_PER_PAGE, before });

export const EVENT_KIND_WORDS: Record<FleetStoredEvent['kind'], string> = {
  alert_fired: 'Alert fired',
  alert_resolved: 'Alert resolved',
  audit: 'Audit',
};

export interface EventWords {
  kind: string;
  /** The alert's severity ("Critical"); none for an audit record. */
  severity?: string;
  severityTone?: AlertSeverity;
  text: string;
  /** Who and how, for an audit record ("admin · console · fleet/settings"), and whether it failed. */
  detail?: string;
  failed?: boolean;
}

const field = (o: unknown, name: string): unknown =>
  typeof o === 'object' && o !== null ? (o as Record<string, unknown>)[name] : undefined;
const textOf = (v: unknown): string => (typeof v === 'string' ? v : '');
const isSeverity = (v: unknown): v is AlertSeverity => typeof v === 'string' && v in SEVERITY_LABELS;

export function eventWords(e: FleetStoredEvent): EventWords {
  const kind = EVENT_KIND_WORDS[e.kind] ?? textOf(e.kind);
  if (e.kind === 'audit') {
    const audit = field(e.event, 'audit');
    const detail = [field(audit, 'actor'), field(audit, 'method'), field(audit, 'object')]
      .map(textOf)
      .filter(Boolean)
      .join(' · ');
    return {
      kind,
      text: textOf(field(audit, 'message')) || '—',
      ...(detail ? { detail } : {}),
      ...(field(audit, 'outcome') === 'failure' ? { failed: true } : {}),
    };
  }
  const alert = field(e.event, 'alert');
  const severity = field(alert, 'severity');
  return {
    kind,
    ...(isSeverity(severity) ? { severity: SEVERITY_LABELS[severity], severityTone: severity } : {}),
    text: textOf(field(alert, 'summary')) || textOf(field(alert, 'key')) || '—',
  };
}

/** Two runs of events, newest first, as one (an event in both once). */
export function mergeNewestFirst(a: FleetStoredEvent[], b: FleetStoredEvent[]): FleetStoredEvent[] {
  const bySeq = new Map<number, FleetStoredEvent>();
  for (const e of [...a, ...b]) if (!bySeq.has(e.seq)) bySeq.set(e.seq, e);
  return [...bySeq.values()].sort((x, y) => y.seq - x.seq);
}

/**
 * The newest events once older pages are shown: the newest page just read merged into those read before, so the
 * events between the newest page and the first older page stay. Null when the newest page does not reach what was
 * held (more new events than a page since the last read): the older pages would leave a gap, so they are dropped.
 */
export function followNewest(held: FleetStoredEvent[], newest: EventsPage): FleetStoredEvent[] | null {
  const oldestNew = newest.data.at(-1)?.seq;
  const newestHeld = held[0]?.seq;
  if (
    newest.next_before !== null &&
    oldestNew !== undefined &&
    newestHeld !== undefined &&
    oldestNew > newestHeld
  )
    return null;
  return mergeNewestFirst(newest.data, held);
}
