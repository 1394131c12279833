/**
 * The managing console's side of the fleet's state and events. Connected as the manager (`CN=rampart-fleet-manager`,
 * the only identity with the JetStream API), it
 * - ensures the KV bucket of state records (one value per key, bounded values) and the events stream (one subject
 *   per appliance, bounded per subject and by age, the oldest discarded), and its durable consumer;
 * - watches the bucket and stores each appliance's latest record (store.ts);
 * - consumes the stream through the durable consumer, acknowledging each event once it is stored: an event that
 *   arrived while the manager was stopped waits in the stream, one stored but not acknowledged is recognised by its
 *   id when it comes again.
 * Every message is checked first (check.ts); one that does not fit is dropped, counted and logged (at most once a
 * minute per appliance and reason: a noisy appliance cannot flood the log). Both loops start again by themselves
 * after the server restarts.
 */
import {
  connect,
  credsAuthenticator,
  nanos,
  type NatsConnection,
  type QueuedIterator,
} from '@nats-io/transport-node';
import {
  AckPolicy,
  DeliverPolicy,
  DiscardPolicy,
  jetstream,
  jetstreamManager,
  type ConsumerMessages,
  type JetStreamClient,
  type JetStreamManager,
  type StreamConfig,
} from '@nats-io/jetstream';
import { Kvm, type KvWatchEntry } from '@nats-io/kv';
import type { Db } from '../../../storage/sqlite';
import { EVENTS_STREAM, EVENTS_SUBJECTS, STATE_BUCKET } from '../subjects';
import {
  FLEET_EVENT_MAX_BYTES,
  FLEET_STATE_MAX_BYTES,
  type FleetState,
} from '../../../shared/contracts/fleetMessages';
import { FLEET_STALE_AFTER_MS } from '../../../shared/contracts/fleetStates';
import { checkEvent, checkState, type DropReason } from './check';
import { FleetStore, type DropKind } from './store';

export const DURABLE_NAME = 'rampart_fleet_manager';
/** What the server itself refuses: four times the contract's bound (a larger one is counted here as oversized). */
const SERVER_STATE_MAX = 4 * FLEET_STATE_MAX_BYTES;
const SERVER_EVENT_MAX = 4 * FLEET_EVENT_MAX_BYTES;
const DAY_MS = 86_400_000;
const LOG_EVERY_MS = 60_000;

export interface ConsumerOptions {
  natsUrl: string;
  /** The manager's client certificate and key, and the CA the server's certificate chains to (absent: the system's). */
  tls: { certPem: string; keyPem: string; caPem?: string };
  /** An existing cluster's credentials file for the manager (NATS .creds). */
  credentials?: string;
  /** Called with each record stored (a newer one than the appliance's last). */
  stored?: (record: FleetState) => void;
  db: Db;
  /** Whether an id is an enrolled appliance's (the enrolment's list). */
  isEnrolled: (id: string) => boolean;
  now?: () => number;
  log?: { warn(obj: object, msg: string): void; error(obj: object, msg: string): void };
  staleAfterMs?: number;
  /** Events the stream keeps per appliance, and for how long. */
  eventsPerAppliance?: number;
  eventsMaxAgeMs?: number;
  reconnectTimeWaitMs?: number;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export class FleetConsumer {
  readonly store: FleetStore;
  private nc: NatsConnection | null = null;
  private stopped = true;
  private watcher: QueuedIterator<KvWatchEntry> | null = null;
  private messages: ConsumerMessages | null = null;
  private loops: Promise<void>[] = [];
  private readonly logged = new Map<string, number>();
  private readonly now: () => number;
  private readonly counts = { states: 0, events: 0 };

  constructor(private readonly options: ConsumerOptions) {
    this.now = options.now ?? Date.now;
    this.store = new FleetStore(options.db, options.staleAfterMs ?? FLEET_STALE_AFTER_MS);
  }

  /** Connects, ensures the bucket, the stream and the consumer, and starts watching and consuming. */
  async start(): Promise<void> {
    if (!this.stopped) return;
    this.stopped = false;
    const o = this.options;
    try {
      this.nc = await connect({
        servers: o.natsUrl,
        tls: { cert: o.tls.certPem, key: o.tls.keyPem, ...(o.tls.caPem ? { ca: o.tls.caPem } : {}) },
        ...(o.credentials
          ? { authenticator: credsAuthenticator(new TextEncoder().encode(o.credentials)) }
          : {}),
        name: 'rampart-fleet-manager',
        maxReconnectAttempts: -1,
        reconnectTimeWait: o.reconnectTimeWaitMs ?? 2000,
      });
      // Stopped while it dialled (the fleet turned off, the console stopping): it does not start after all.
      if (this.stopped) return void (await this.closeQuietly());
      const js = jetstream(this.nc);
      await this.ensure(js, await jetstreamManager(this.nc));
      if (this.stopped) return void (await this.closeQuietly());
      this.loops = [this.watchStates(js), this.consumeEvents(js)];
    } catch (e) {
      // Not started: a later start tries again.
      this.stopped = true;
      await this.closeQuietly();
      throw e;
    }
  }

  private async closeQuietly(): Promise<void> {
    const nc = this.nc;
    this.nc = null;
    await nc?.close().catch(() => undefined);
  }

  async stop(): Promise<void> {
    if (this.stopped) return;
    this.stopped = true;
    this.watcher?.stop();
    this.messages?.stop();
    const nc = this.nc;
    this.nc = null;
    if (nc) {
      // Drain hands back what is in flight; with the server gone (nats-server stopped first at shutdown) it fails
      // or waits, and the connection would go on reconnecting: it is closed whatever the drain did.
      await Promise.race([nc.drain(), sleep(2000)]).catch(() => undefined);
      await nc.close().catch(() => undefined);
    }
    await Promise.all(this.loops);
  }

  /** Messages stored since start (states, events) and refused since the database was made (by kind and reason). */
  figures() {
    return { stored: { ...this.counts }, dropped: this.store.drops() };
  }

  /** Events in the stream the manager has not acknowledged yet (its lag). */
  async pending(): Promise<number> {
    if (!this.nc) return 0;
    const jsm = await jetstreamManager(this.nc);
    const info = await jsm.consumers.info(EVENTS_STREAM, DURABLE_NAME);
    return info.num_pending + info.num_ack_pending;
  }

  private async ensure(js: JetStreamClient, jsm: JetStreamManager): Promise<void> {
    const o = this.options;
    const kvm = new Kvm(js);
    await kvm
      .create(STATE_BUCKET, { history: 1, maxValueSize: SERVER_STATE_MAX })
      .catch(() => kvm.open(STATE_BUCKET));
    const stream: Partial<StreamConfig> & { name: string } = {
      name: EVENTS_STREAM,
      subjects: [EVENTS_SUBJECTS],
      max_msgs_per_subject: o.eventsPerAppliance ?? 10_000,
      max_age: nanos(o.eventsMaxAgeMs ?? 30 * DAY_MS),
      max_msg_size: SERVER_EVENT_MAX,
      discard: DiscardPolicy.Old,
      // Agents re-send an event whose acknowledgement they did not get: the same id within this window is stored once.
      duplicate_window: nanos(2 * 60_000),
    };
    try {
      await jsm.streams.info(EVENTS_STREAM);
      await jsm.streams.update(EVENTS_STREAM, stream);
    } catch {
      await jsm.streams.add(stream);
    }
    await jsm.consumers.add(EVENTS_STREAM, {
      durable_name: DURABLE_NAME,
      ack_policy: AckPolicy.Explicit,
      deliver_policy: DeliverPolicy.All,
      ack_wait: nanos(30_000),
      max_ack_pending: 1000,
    });
  }

  /** Watches the bucket: its current values first, then every put; started again when the watch ends. */
  private async watchStates(js: JetStreamClient): Promise<void> {
    for (let attempt = 0; !this.stopped; attempt += 1) {
      try {
        const kv = await new Kvm(js).open(STATE_BUCKET);
        this.watcher = await kv.watch({ key: '>' });
        attempt = 0;
        for await (const e of this.watcher) this.onState(e);
      } catch (e) {
        if (!this.stopped)
          this.options.log?.error({ err: e }, 'fleet: state watch failed; starting it again');
      }
      if (!this.stopped) await sleep(backoff(attempt));
    }
  }

  private async consumeEvents(js: JetStreamClient): Promise<void> {
    for (let attempt = 0; !this.stopped; attempt += 1) {
      try {
        const consumer = await js.consumers.get(EVENTS_STREAM, DURABLE_NAME);
        this.messages = await consumer.consume({ max_messages: 256 });
        attempt = 0;
        for await (const m of this.messages) {
          const checked = checkEvent(m.subject, m.data, this.options.isEnrolled);
          if (checked.ok) {
            if (this.store.putEvent(checked.value, this.now())) this.counts.events += 1;
          } else this.drop('event', m.subject, checked.reason, checked.detail);
          // Acknowledged once stored (or refused for good): a crash before it means a redelivery, stored once.
          m.ack();
        }
      } catch (e) {
        if (!this.stopped)
          this.options.log?.error({ err: e }, 'fleet: event consumer failed; starting it again');
      }
      if (!this.stopped) await sleep(backoff(attempt));
    }
  }

  private onState(e: KvWatchEntry): void {
    if (e.operation !== 'PUT') {
      this.drop('state', e.key, 'deletion', e.operation);
      return;
    }
    const checked = checkState(e.key, e.value, this.options.isEnrolled);
    if (!checked.ok) {
      this.drop('state', e.key, checked.reason, checked.detail);
      return;
    }
    if (this.store.putState(checked.value, e.created.getTime(), e.revision)) {
      this.counts.states += 1;
      this.options.stored?.(checked.value);
    }
  }

  private drop(kind: DropKind, from: string, reason: DropReason, detail: string): void {
    const now = this.now();
    this.store.countDrop(kind, reason, now);
    const key = `${kind} ${from} ${reason}`;
    if (now - (this.logged.get(key) ?? -Infinity) < LOG_EVERY_MS) return;
    this.logged.set(key, now);
    if (this.logged.size > 10_000) this.logged.clear();
    this.options.log?.warn({ kind, from, reason, detail }, 'fleet: message dropped');
  }
}

/** 0.5 s doubling to 30 s, with jitter: a thousand managers' loops do not beat in step. */
const backoff = (attempt: number) => Math.min(30_000, 500 * 2 ** attempt) * (0.5 + Math.random() / 2);
