/**
 * The fleet's NATS subjects and who may use them. Every appliance has an id (a UUID the manager gives it at
 * enrolment) and its own NATS identity, the subject of its client certificate; the server maps the certificate to
 * that identity (`verify_and_map`) and holds it to the permissions below, so an appliance can publish only under its
 * own id and subscribe only to what is addressed to it: nothing it sends can pass for another appliance's, and it
 * reads nothing of another's. The manager alone may use the JetStream API.
 */

/** Appliance ids are UUIDs: no `.`, `*`, `>` or space can reach a subject through one. */
const APPLIANCE_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export function assertApplianceId(id: string): string {
  if (!APPLIANCE_ID.test(id)) throw new Error(`not an appliance id: ${JSON.stringify(id)}`);
  return id;
}

/** The KV bucket of state records (key: the appliance id), and its stream as JetStream names it. */
export const STATE_BUCKET = 'rampart_fleet_state';
/** The stream of events (alerts fired and resolved, audit records), one subject per appliance. */
export const EVENTS_STREAM = 'RAMPART_FLEET_EVENTS';
export const EVENTS_SUBJECTS = 'rampart.fleet.events.*';

export const subjects = {
  /** Where an appliance's state record is put (a KV put is a publish to `$KV.<bucket>.<key>`). */
  state: (id: string) => `$KV.${STATE_BUCKET}.${assertApplianceId(id)}`,
  /** Where an appliance's events are published. */
  events: (id: string) => `rampart.fleet.events.${assertApplianceId(id)}`,
  /** Requests and messages the manager addresses to one appliance (`rampart.fleet.to.<id>.plan`, …). */
  to: (id: string) => `rampart.fleet.to.${assertApplianceId(id)}`,
  /**
   * An appliance's own inbox prefix: the replies to its requests (JetStream's publish acknowledgements) come there,
   * so it never needs the shared `_INBOX.>` in which it could read others' replies.
   */
  inbox: (id: string) => `_INBOX_${assertApplianceId(id).replace(/-/g, '')}`,
};

/** The NATS user name (the client certificate's subject, as the server writes it) of an appliance. */
export const applianceIdentity = (id: string) => `CN=rampart-appliance-${assertApplianceId(id)}`;
/** The NATS user name of the managing console's own connection. */
export const MANAGER_IDENTITY = 'CN=rampart-fleet-manager';

export interface Permissions {
  publish: { allow: string[] };
  subscribe: { allow: string[] };
  /** May answer requests sent to it (publish to their reply subject, once, for a while). */
  allow_responses?: { max: number; expires: string };
}

/** What an appliance may publish and subscribe to: its own subjects only. */
export function appliancePermissions(id: string): Permissions {
  return {
    publish: { allow: [subjects.state(id), subjects.events(id)] },
    subscribe: { allow: [`${subjects.to(id)}.>`, `${subjects.inbox(id)}.>`] },
    // The manager's requests (a plan, a reconcile) carry the manager's reply subject: the appliance may answer
    // each once, without a publish right to the manager's inbox.
    allow_responses: { max: 1, expires: '2m' },
  };
}
