/**
 * The fleet's state pipeline in the running console. Managing: the consumer (./consumer) connected as the manager
 * while the fleet is managed and its NATS is ready. Joined: the agent (./agent) dialling the fleet with the
 * appliance's membership. Both reconnect forever once started; a consumer that could not connect at all is tried
 * again with a growing pause until it connects or the fleet is turned off.
 */
import type { ApplianceContext } from '../context';
import type { AuditChain } from '../auditChain';
import { publicOrigin } from '../../../config/origin';
import { FleetAgent, PUBLISH_EVERY_MS, CHECK_EVERY_MS } from './agent/agent';
import { Outbox } from './agent/outbox';
import { applianceSources } from './agent/sources';
import { FleetConsumer } from './consumer/consumer';
import { planForFleet } from './plan/answer';
import { readFleetMembership } from './join';
import { managerMaterial } from './material';
import { externalCredentials, readFleetSettings } from './settings';

type Log = (e: unknown, msg: string) => void;

/** The stale window of this console (configuration `fleetStaleAfterSeconds`). */
export const staleAfterMs = (ctx: ApplianceContext) => ctx.config.fleetStaleAfterSeconds * 1000;

export class ConsumerLink {
  private consumer: FleetConsumer | null = null;
  private retry: NodeJS.Timeout | null = null;
  private attempt = 0;
  /** Moves on each stop: a start still dialling when it stopped schedules no retry. */
  private generation = 0;

  constructor(
    private readonly ctx: ApplianceContext,
    private readonly log: Log,
    private readonly natsUrl: () => string,
  ) {}

  get running(): FleetConsumer | null {
    return this.consumer;
  }

  /** Starts the consumer (once); answers when it connected or failed (then it tries again by itself). */
  async start(): Promise<void> {
    if (this.consumer) return;
    const material = managerMaterial(this.ctx);
    if (!material) throw new Error('the manager has no fleet certificate');
    const s = readFleetSettings(this.ctx.db);
    const isEnrolled = this.ctx.db.prepare(
      "SELECT 1 FROM fleet_appliances WHERE id = ? AND state = 'enrolled'",
    );
    // The first record after enrolment is the configuration the appliance is known to have (part 2's rollout
    // will move it when it applies one).
    const known = this.ctx.db.prepare(
      'UPDATE fleet_appliances SET known_config_hash = ? WHERE id = ? AND known_config_hash IS NULL',
    );
    const consumer = new FleetConsumer({
      natsUrl: this.natsUrl(),
      // The embedded server's certificate is the Fleet CA's; an existing cluster's chains to the system's roots.
      tls: s.nats === 'embedded' ? material : { certPem: material.certPem, keyPem: material.keyPem },
      credentials: s.nats === 'external' ? (externalCredentials(this.ctx) ?? undefined) : undefined,
      db: this.ctx.db,
      isEnrolled: (id) => isEnrolled.get(id) !== undefined,
      stored: (record) => void known.run(record.config.hash, record.id),
      staleAfterMs: staleAfterMs(this.ctx),
      log: {
        warn: (obj, msg) => this.log(obj, msg),
        error: (obj, msg) => this.log(obj, msg),
      },
    });
    this.consumer = consumer;
    const generation = this.generation;
    try {
      await consumer.start();
      this.attempt = 0;
    } catch (e) {
      if (generation !== this.generation) return;
      this.log(e, 'fleet: the manager could not connect to NATS; trying again');
      this.consumer = null;
      const wait = Math.min(30_000, 1000 * 2 ** this.attempt++);
      this.retry = setTimeout(() => {
        this.retry = null;
        void this.start().catch((err: unknown) => this.log(err, 'fleet: the consumer did not start'));
      }, wait);
      this.retry.unref();
    }
  }

  async stop(): Promise<void> {
    this.generation++;
    if (this.retry) clearTimeout(this.retry);
    this.retry = null;
    this.attempt = 0;
    const consumer = this.consumer;
    this.consumer = null;
    await consumer?.stop();
  }
}

export class AgentLink {
  private agent: FleetAgent | null = null;

  constructor(
    private readonly ctx: ApplianceContext,
    private readonly log: Log,
    private readonly auditChain?: AuditChain,
  ) {}

  /** Starts the agent when this appliance is a member of a fleet (a new membership replaces the old agent). */
  async start(): Promise<void> {
    await this.stop();
    const membership = readFleetMembership(this.ctx);
    if (!membership) return;
    // Three records within the manager's stale window at least: one lost record does not show it offline.
    const publishEveryMs = Math.min(PUBLISH_EVERY_MS, Math.floor(staleAfterMs(this.ctx) / 3));
    this.agent = new FleetAgent({
      membership,
      outbox: new Outbox(this.ctx.db),
      sources: applianceSources(this.ctx, {
        consoleUrl: publicOrigin(this.ctx.config),
        auditChain: this.auditChain,
      }),
      publishEveryMs,
      checkEveryMs: Math.min(CHECK_EVERY_MS, Math.floor(publishEveryMs / 3)),
      log: (message, err) => this.log(err ?? {}, message),
      plan: (request) => planForFleet(this.ctx, membership.applianceId, request),
    });
    this.agent.start();
  }

  async stop(): Promise<void> {
    const agent = this.agent;
    this.agent = null;
    await agent?.stop();
  }

  status() {
    return this.agent?.status() ?? null;
  }
}
