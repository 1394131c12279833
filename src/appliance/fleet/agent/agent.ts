/**
 * The fleet's agent on a managed appliance: one NATS connection (mutual TLS with the appliance's fleet certificate,
 * its own inbox prefix, reconnecting forever), over which it
 * - puts its state record into the KV bucket (a plain JetStream publish to `$KV.rampart_fleet_state.<id>`: the
 *   appliance has no right to the JetStream API, and the KV client's `open` would ask it for the bucket's info) when
 *   the state changed and at least every `publishEveryMs`, and
 * - publishes its events to `rampart.fleet.events.<id>`, each acknowledged by the stream. Events wait in the outbox
 *   (SQLite, bounded) until acknowledged: while the fleet is unreachable they queue, and are sent in order once it is
 *   back. Each carries its own id as the JetStream message id, so an event sent again after a lost acknowledgement is
 *   stored once;
 * - answers the manager's plan requests (`rampart.fleet.to.<id>.plan`, only the manager may publish there) with its
 *   own plan (../plan/answer.ts), once each (the server lets it answer a request it received, nothing else).
 */
import crypto from 'node:crypto';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { jetstream, type JetStreamClient } from '@nats-io/jetstream';
import { subjects } from '../subjects';
import { canonical } from '../../revisions/diff';
import {
  FLEET_EVENT_FORMAT,
  FLEET_STATE_FORMAT,
  type FleetEvent,
  type FleetState,
} from '../../../shared/contracts/fleetMessages';
import type { Outbox } from './outbox';
import type { AgentSources, ApplianceReport, RaisedEvent } from './sources';

/** What an appliance holds once it joined a fleet (the enrolment gives it). */
export interface FleetMembership {
  applianceId: string;
  certPem: string;
  keyPem: string;
  /** The Fleet CA: the server's certificate must chain to it. */
  caPem: string;
  natsUrl: string;
}

export const PUBLISH_EVERY_MS = 15_000;
export const CHECK_EVERY_MS = 5_000;
const SEND_BATCH = 100;

export interface AgentOptions {
  membership: FleetMembership;
  sources: AgentSources;
  outbox: Outbox;
  now?: () => number;
  /** The longest a state record goes unrepeated (the manager counts a record older than its stale window, 30 s by default, as offline). */
  publishEveryMs?: number;
  /** How often the state is gathered and compared with the last one sent. */
  checkEveryMs?: number;
  reconnectTimeWaitMs?: number;
  ackTimeoutMs?: number;
  log?: (message: string, err?: unknown) => void;
  /** Answers a plan request (its raw bytes) with the appliance's plan; without it no plan is answered. */
  plan?: (request: Uint8Array) => Promise<unknown>;
}

export interface AgentStatus {
  connected: boolean;
  /** Events waiting for the stream's acknowledgement. */
  queued: number;
  /** Events dropped because the outbox was full (the oldest). */
  dropped: number;
  /** When the last state record was acknowledged (null: none yet). */
  lastStateAt: number | null;
}

const encoder = new TextEncoder();

/** What counts as a change of state (uptime and load move all the time: they ride along with the next record). */
const significant = (r: ApplianceReport) => canonical({ ...r, uptime_s: 0, load: [] });

export class FleetAgent {
  private nc: NatsConnection | null = null;
  private js: JetStreamClient | null = null;
  private connected = false;
  private stopped = true;
  private timer: NodeJS.Timeout | null = null;
  /** Ends the pause between two first-connection tries (stop does not wait for it). */
  private wake: (() => void) | null = null;
  private unfollow: (() => void) | null = null;
  private pumping: Promise<void> | null = null;
  private again = false;
  private lastSent: string | null = null;
  private lastStateAt: number | null = null;
  private changed = true;
  private readonly id: string;
  private readonly now: () => number;
  private readonly log: (message: string, err?: unknown) => void;

  constructor(private readonly options: AgentOptions) {
    this.id = options.membership.applianceId;
    subjects.inbox(this.id); // an id that cannot be a subject fails here, not at the first publish
    this.now = options.now ?? Date.now;
    this.log = options.log ?? (() => {});
  }

  /** Starts following the appliance and dialling the fleet; answers at once (the dial goes on until it connects). */
  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    this.unfollow = this.options.sources.follow(
      (e) => this.raise(e),
      () => {
        this.changed = true;
        this.poke();
      },
    );
    this.timer = setInterval(() => this.poke(), this.options.checkEveryMs ?? CHECK_EVERY_MS);
    this.timer.unref();
    void this.dial();
  }

  async stop(): Promise<void> {
    if (this.stopped) return;
    this.stopped = true;
    this.wake?.();
    if (this.timer) clearInterval(this.timer);
    this.unfollow?.();
    this.unfollow = null;
    await this.pumping?.catch(() => undefined);
    const nc = this.nc;
    this.nc = null;
    this.js = null;
    this.connected = false;
    await nc?.close().catch(() => undefined);
  }

  status(): AgentStatus {
    return {
      connected: this.connected,
      queued: this.options.outbox.size(),
      dropped: this.options.outbox.dropped(),
      lastStateAt: this.lastStateAt,
    };
  }

  /** Queues an event of the appliance (kept until the stream acknowledged it) and sends what it can. */
  raise(e: RaisedEvent): void {
    const event = {
      ...e,
      format: FLEET_EVENT_FORMAT,
      id: this.id,
      event_id: crypto.randomBytes(16).toString('hex'),
    } as FleetEvent;
    const dropped = this.options.outbox.push(JSON.stringify(event));
    if (dropped) this.log(`fleet outbox full: dropped the ${dropped} oldest event(s)`);
    this.poke();
  }

  /**
   * Dials until the first connection is made or the agent is stopped (after it, the client reconnects by itself,
   * forever). Each try is one attempt, not the client's `waitOnFirstConnect`: that one cannot be called off, and a
   * removed appliance (refused by the server) would keep dialling after its console stopped the agent.
   */
  private async dial(): Promise<void> {
    const m = this.options.membership;
    const pause = this.options.reconnectTimeWaitMs ?? 2000;
    let nc: NatsConnection | null = null;
    for (let attempt = 0; !nc; attempt++) {
      if (this.stopped) return;
      try {
        nc = await connect({
          servers: m.natsUrl,
          tls: { cert: m.certPem, key: m.keyPem, ca: m.caPem },
          name: `rampart-appliance-${this.id}`,
          inboxPrefix: subjects.inbox(this.id),
          // Forever once connected: the client's default gives up after 10 tries.
          maxReconnectAttempts: -1,
          reconnectTimeWait: pause,
          timeout: 10_000,
        });
      } catch (e) {
        // Logged once, then quietly: an unreachable fleet is a state the fleet's pages show, not a log flood.
        if (attempt === 0) this.log('fleet connection failed; trying again', e);
        await new Promise<void>((resolve) => {
          this.wake = resolve;
          const t = setTimeout(resolve, Math.min(30_000, pause * 2 ** Math.min(attempt, 4)));
          t.unref();
        });
        this.wake = null;
      }
    }
    if (this.stopped) {
      await nc.close().catch(() => undefined);
      return;
    }
    this.nc = nc;
    this.answerPlans(nc);
    this.js = jetstream(nc, { timeout: this.options.ackTimeoutMs ?? 5000 });
    this.connected = true;
    this.changed = true;
    this.poke();
    void (async () => {
      for await (const s of nc.status()) {
        if (s.type === 'disconnect') this.connected = false;
        if (s.type === 'reconnect') {
          this.connected = true;
          // The manager may have missed records while the server was away: send the state again.
          this.changed = true;
          this.poke();
        }
      }
    })().catch(() => undefined);
  }

  /** Plans on request (the client subscribes again by itself after a reconnect). */
  private answerPlans(nc: NatsConnection): void {
    const plan = this.options.plan;
    if (!plan) return;
    nc.subscribe(`${subjects.to(this.id)}.plan`, {
      callback: (err, msg) => {
        if (err || !msg.reply) return;
        void plan(msg.data)
          .then((answer) => msg.respond(encoder.encode(JSON.stringify(answer))))
          .catch((e: unknown) => this.log('fleet plan not answered', e));
      },
    });
  }

  /** Runs one send (events, then the state); a poke during a send runs another after it. */
  private poke(): void {
    if (this.stopped) return;
    if (this.pumping) {
      this.again = true;
      return;
    }
    this.pumping = this.pump()
      .catch((e: unknown) => this.log('fleet send failed', e))
      .finally(() => {
        this.pumping = null;
        if (this.again) {
          this.again = false;
          this.poke();
        }
      });
  }

  private async pump(): Promise<void> {
    if (!this.js || !this.connected) return;
    await this.sendEvents(this.js);
    await this.sendState(this.js);
  }

  private async sendEvents(js: JetStreamClient): Promise<void> {
    const outbox = this.options.outbox;
    for (let batch = outbox.oldest(SEND_BATCH); batch.length; batch = outbox.oldest(SEND_BATCH)) {
      if (this.stopped || !this.connected) return;
      // Published in order on one connection (the stream stores them in that order), acknowledged each.
      const acks = await Promise.allSettled(
        batch.map((entry) => {
          const { event_id } = JSON.parse(entry.body) as { event_id: string };
          return js.publish(subjects.events(this.id), encoder.encode(entry.body), { msgID: event_id });
        }),
      );
      for (const [i, ack] of acks.entries()) {
        if (ack.status === 'fulfilled') outbox.remove(batch[i].seq);
      }
      const failed = acks.find((a): a is PromiseRejectedResult => a.status === 'rejected');
      if (failed) {
        this.log('fleet events not acknowledged; kept for the next try', failed.reason);
        return;
      }
    }
  }

  private async sendState(js: JetStreamClient): Promise<void> {
    const report = await this.options.sources.report();
    const now = this.now();
    const key = significant(report);
    const every = this.options.publishEveryMs ?? PUBLISH_EVERY_MS;
    // Sent now when the next check would come too late: no gap longer than `every`.
    const due =
      this.lastStateAt === null ||
      now - this.lastStateAt + (this.options.checkEveryMs ?? CHECK_EVERY_MS) > every;
    if (!this.changed && key === this.lastSent && !due) return;
    const record: FleetState = { format: FLEET_STATE_FORMAT, id: this.id, ...report, at: now };
    this.changed = false;
    try {
      await js.publish(subjects.state(this.id), encoder.encode(JSON.stringify(record)));
    } catch (e) {
      this.changed = true;
      throw e;
    }
    this.lastSent = key;
    this.lastStateAt = now;
  }
}
