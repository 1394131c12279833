/**
 * The manager's check of what an appliance sends: nothing is stored that is not an enrolled appliance's own,
 * well-formed, bounded message fitting its contract (src/shared/contracts/fleetMessages.ts). A refusal names its
 * reason (the drop counter's label).
 */
import { compileRouteSchema } from '../../http/scope';
import {
  FLEET_EVENT_MAX_BYTES,
  FLEET_STATE_MAX_BYTES,
  fleetEvent,
  fleetState,
  type FleetEvent,
  type FleetState,
} from '../../../shared/contracts/fleetMessages';
import { EVENTS_SUBJECTS } from '../subjects';

export const DROP_REASONS = [
  /** The key or subject is not an enrolled appliance's id. */
  'unknown_appliance',
  /** Larger than the contract's bound. */
  'oversized',
  /** Not UTF-8 JSON. */
  'malformed',
  /** JSON that does not fit the contract. */
  'contract',
  /** The body names another appliance than the key or subject it came under. */
  'id_mismatch',
  /** A deletion or purge of a state record (an appliance has no business removing it). */
  'deletion',
] as const;
export type DropReason = (typeof DROP_REASONS)[number];

export type Checked<T> = { ok: true; value: T } | { ok: false; reason: DropReason; detail: string };

const decoder = new TextDecoder('utf-8', { fatal: true });
const validState = compileRouteSchema(fleetState);
const validEvent = compileRouteSchema(fleetEvent);
const EVENTS_PREFIX = EVENTS_SUBJECTS.replace(/\*$/, '');

function parse(bytes: Uint8Array): { ok: true; value: unknown } | { ok: false; detail: string } {
  try {
    return { ok: true, value: JSON.parse(decoder.decode(bytes)) };
  } catch (e) {
    return { ok: false, detail: e instanceof Error ? e.message : String(e) };
  }
}

function check<T extends { id: string }>(
  id: string,
  bytes: Uint8Array,
  limit: number,
  valid: ReturnType<typeof compileRouteSchema>,
  isEnrolled: (id: string) => boolean,
): Checked<T> {
  if (!isEnrolled(id)) return { ok: false, reason: 'unknown_appliance', detail: 'not an enrolled appliance' };
  if (bytes.length > limit)
    return { ok: false, reason: 'oversized', detail: `${bytes.length} bytes (at most ${limit})` };
  const parsed = parse(bytes);
  if (!parsed.ok) return { ok: false, reason: 'malformed', detail: parsed.detail };
  if (!valid(parsed.value)) {
    const e = valid.errors?.[0];
    return {
      ok: false,
      reason: 'contract',
      detail: `${e?.instancePath || '/'} ${e?.message ?? 'does not fit'}`,
    };
  }
  const value = parsed.value as T;
  if (value.id !== id)
    return { ok: false, reason: 'id_mismatch', detail: 'the body names another appliance' };
  return { ok: true, value };
}

/** A state record put under `key` (the bucket's key: the appliance's id). */
export const checkState = (key: string, bytes: Uint8Array, isEnrolled: (id: string) => boolean) =>
  check<FleetState>(key, bytes, FLEET_STATE_MAX_BYTES, validState, isEnrolled);

/** An event published on `subject` (`rampart.fleet.events.<id>`). */
export function checkEvent(
  subject: string,
  bytes: Uint8Array,
  isEnrolled: (id: string) => boolean,
): Checked<FleetEvent> {
  const id = subject.startsWith(EVENTS_PREFIX) ? subject.slice(EVENTS_PREFIX.length) : '';
  return check<FleetEvent>(id, bytes, FLEET_EVENT_MAX_BYTES, validEvent, isEnrolled);
}
