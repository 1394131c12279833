/**
 * The fleet (System → Fleet), managing side and joining side. Managing: the Fleet CA and the manager's
 * certificates from the console's own PKI (./material.ts), the embedded nats-server supervised by the service
 * manager (./daemon.ts) or an existing NATS cluster, the enrolment listener (./listener.ts) redeeming one-time codes
 * (./enrolment.ts), and the appliances' list and removal (./appliances.ts). Joining: ./join.ts. Privilege area
 * `fleet`; turning the fleet on or off and joining one are for admins; every change needs a recent sign-in.
 */
import type { FastifyInstance } from 'fastify';
import { auditText } from '../audit';
import type { AuditChain } from '../auditChain';
import { currentUser } from '../auth/guards';
import { inTransaction, type ApplianceContext } from '../context';
import { contractRoute } from '../http/contractRoute';
import { HttpError } from '../http/errors';
import { area } from '../http/routeAccess';
import { supervisorOf } from '../services';
import { registerServiceRoutes } from '../services/routes';
import { migrate } from '../../storage/sqlite';
import { fleetService } from '../../shared/contracts/services';
import * as fleet from '../../shared/contracts/fleetEnrolment';
import {
  addAppliance,
  applianceDetail,
  fleetSummary,
  applianceView,
  getApplianceRow,
  listAppliances,
  removeAppliance,
} from './appliances';
import { natsUnit, ReloadWatch, writeNatsConfig, writeNatsFiles } from './daemon';
import { enrol, enrolAttempts } from './enrolment';
import { joinFleet, membershipView } from './join';
import { startEnrolListener, type EnrolListener } from './listener';
import { ensureFleetMaterial, fleetCaId } from './material';
import { fleetMigrations } from './migrations';
import { registerFleetSealedColumns } from './keys';
import { registerFleetSection } from './section';
import { AgentLink, ConsumerLink, staleAfterMs } from './running';
import { FleetStore, fleetStateMigrations } from './consumer/store';
import { registerFleetGroups } from './groups';
import { checkFleetSettings, readFleetSettings, writeFleetSettings } from './settings';

export { readFleetMembership, type FleetMembership } from './join';
export { managerMaterial } from './material';

const hostPort = (host: string, port: number) => `${host.includes(':') ? `[${host}]` : host}:${port}`;

/** The managing side at run time: what the settings brought up, and what follows enrolments and removals. */
export class FleetManager {
  private listener: EnrolListener | null = null;
  private problem: string | null = null;
  private caFingerprint: string | null = null;
  /** One bring-up at a time (a page's save and a document's write do not interleave). */
  private queue: Promise<unknown> = Promise.resolve();
  readonly attempts;
  readonly reloads = new ReloadWatch();
  /** The manager's reader of state records and events, connected while the fleet is managed. */
  readonly consumer: ConsumerLink;

  constructor(
    private readonly ctx: ApplianceContext,
    private readonly log: (e: unknown, msg: string) => void,
  ) {
    this.attempts = enrolAttempts(ctx);
    this.consumer = new ConsumerLink(ctx, log, () => this.natsUrl());
  }

  private get supervisor() {
    return supervisorOf(this.ctx);
  }

  natsUrl(): string {
    const s = readFleetSettings(this.ctx.db);
    return s.nats === 'external' ? s.external_url : `tls://${hostPort(s.public_host, s.nats_port)}`;
  }

  enrolAddress(): string {
    const s = readFleetSettings(this.ctx.db);
    return `https://${hostPort(s.public_host, s.enrol_port)}`;
  }

  /** Brings the fleet in line with its settings: material, nats-server, the enrolment listener (or all off). */
  follow(by: string): Promise<void> {
    const run = this.queue.then(() => this.bringUp(by));
    this.queue = run.catch(() => {});
    return run;
  }

  private async bringUp(by: string): Promise<void> {
    const s = readFleetSettings(this.ctx.db);
    await this.listener?.close();
    this.listener = null;
    // Started again below with what the settings say now (the durable consumer resumes where it was).
    await this.consumer.stop();
    if (!s.manage) {
      this.problem = null;
      await this.supervisor?.follow('fleet');
      return;
    }
    try {
      const material = await ensureFleetMaterial(this.ctx, by);
      this.caFingerprint = material.ca.fingerprintSha256;
      if (s.nats === 'embedded') {
        writeNatsFiles(this.ctx, material);
        const since = this.ctx.now();
        await this.supervisor?.follow('fleet');
        // Answered once the server listens (or with the daemon's own reason when it does not).
        const serving = await this.supervisor?.awaitServing('fleet', since);
        if (serving?.status === 'failed') throw new Error(serving.reason);
      } else await this.supervisor?.follow('fleet');
      await this.consumer.start();
      this.listener = await startEnrolListener(
        { host: s.listen_address, port: s.enrol_port, server: material.server, caPem: material.ca.pem },
        (body, source) =>
          enrol(
            {
              ctx: this.ctx,
              caId: () => fleetCaId(this.ctx),
              natsUrl: () => this.natsUrl(),
              admitted: () => this.membersChanged(),
              attempts: this.attempts,
            },
            body,
            source,
          ),
      );
      this.problem = null;
    } catch (e) {
      this.problem = `the fleet could not be brought up: ${(e as Error).message}`;
      this.ctx.audit.log('fleet', this.problem, 'error');
      this.log(e, 'the fleet could not be brought up');
    }
  }

  /** After an enrolment or a removal: the server's users are the enrolled appliances (a reload closes the others). */
  async membersChanged(): Promise<void> {
    const s = readFleetSettings(this.ctx.db);
    if (!s.manage || s.nats !== 'embedded') return;
    writeNatsConfig(this.ctx);
    const state = await this.supervisor?.state('fleet');
    // A running server takes the new users once it logged the reload; a stopped one reads them when it starts.
    const reloaded = state?.status === 'running' ? this.reloads.next() : Promise.resolve();
    await this.supervisor?.follow('fleet');
    await reloaded;
  }

  status(): fleet.FleetSettingsAnswer['status'] {
    const s = readFleetSettings(this.ctx.db);
    const caId = s.manage ? fleetCaId(this.ctx) : null;
    return {
      ca_id: caId,
      ca_fingerprint_sha256: caId ? this.caFingerprint : null,
      enrol_address: s.manage && this.listener ? this.enrolAddress() : null,
      nats_url: s.manage && caId ? this.natsUrl() : null,
      problem: this.problem,
    };
  }

  async close(): Promise<void> {
    await this.queue;
    await this.listener?.close();
    this.listener = null;
    await this.consumer.stop();
  }
}

const managers = new WeakMap<ApplianceContext, FleetManager>();
export const fleetOf = (ctx: ApplianceContext) => managers.get(ctx);

export async function registerFleet(
  scope: FastifyInstance,
  ctx: ApplianceContext,
  // The assembly's audit chain: each record goes to the fleet as an event when this appliance joined one.
  options: { auditChain?: AuditChain } = {},
): Promise<FleetManager> {
  migrate(ctx.db, 'fleet_enrolment', fleetMigrations);
  // The consumer's tables are read by the API whether or not it runs.
  migrate(ctx.db, 'fleet_state', fleetStateMigrations);
  registerFleetSealedColumns(ctx);
  // A code being redeemed when the console stopped was not redeemed: it works again.
  ctx.db.prepare("UPDATE fleet_appliances SET state = 'pending' WHERE state = 'enrolling'").run();
  const manager = new FleetManager(ctx, (e, msg) => scope.log.error({ err: e }, msg));
  const agent = new AgentLink(ctx, (e, msg) => scope.log.warn({ err: e }, msg), options.auditChain);
  managers.set(ctx, manager);
  registerFleetSection(ctx, () => void manager.follow('configuration document'));

  const supervisor = supervisorOf(ctx);
  if (supervisor) {
    supervisor.register(natsUnit(ctx, manager.reloads));
    await registerServiceRoutes(scope, ctx, supervisor, 'fleet', {
      endpoints: fleetService,
      area: 'fleet',
      reauth: true,
    });
  }

  const settingsAnswer = () => ({ settings: readFleetSettings(ctx.db), status: manager.status() });
  const change = { access: area('fleet'), reauth: true };

  contractRoute(scope, fleet.getFleetSettings, { access: area('fleet') }, async () => settingsAnswer());

  // Turning the fleet on gives this console's CA power over other appliances: admins only.
  contractRoute(scope, fleet.putFleetSettings, { access: 'admin', reauth: true }, async (req) => {
    const items = checkFleetSettings(req.body, readFleetSettings(ctx.db));
    if (items.length) throw new HttpError(422, items);
    const user = currentUser(req).username;
    inTransaction(ctx.db, () => writeFleetSettings(ctx, req.body));
    ctx.audit.record(
      'settings',
      `fleet settings changed by "${auditText(user)}" (manage other appliances: ${req.body.manage ? 'on' : 'off'}, NATS: ${req.body.nats})`,
    );
    await manager.follow(user);
    return settingsAnswer();
  });

  contractRoute(scope, fleet.listFleetAppliances, { access: area('fleet') }, async (req) =>
    listAppliances(ctx, req.query ?? {}),
  );
  contractRoute(scope, fleet.getFleetSummary, { access: area('fleet') }, async () => fleetSummary(ctx));
  contractRoute(scope, fleet.getFleetAppliance, { access: area('fleet') }, async (req) =>
    applianceDetail(ctx, req.params.id),
  );

  contractRoute(scope, fleet.listFleetApplianceEvents, { access: area('fleet') }, async (req) => {
    getApplianceRow(ctx.db, req.params.id);
    const perPage = Math.min(Number(req.query?.per_page ?? 50), fleet.FLEET_EVENTS_MAX_PER_PAGE);
    const before = req.query?.before === undefined ? undefined : Number(req.query.before);
    // One more than asked: whether an older page exists.
    const rows = new FleetStore(ctx.db, staleAfterMs(ctx)).eventsOf(req.params.id, perPage + 1, before);
    const data = rows.slice(0, perPage);
    return { data, next_before: rows.length > perPage ? data[data.length - 1].seq : null };
  });

  registerFleetGroups(scope, ctx, () => manager.natsUrl());

  contractRoute(scope, fleet.addFleetAppliance, change, async (req, reply) => {
    const status = manager.status();
    if (!status.ca_id || !status.ca_fingerprint_sha256 || !status.enrol_address)
      throw new HttpError(409, [
        {
          loc: ['body'],
          msg: status.problem ?? 'this console manages no fleet: turn on "Manage other appliances" first',
          type: 'value_error.fleet.off',
        },
      ]);
    const { row, code } = addAppliance(ctx, req.body, currentUser(req).username);
    return reply.code(201).send({
      appliance: applianceView(row),
      code,
      code_expires_at: new Date(row.code_expires_at!).toISOString(),
      enrol_address: status.enrol_address,
      ca_fingerprint_sha256: status.ca_fingerprint_sha256,
    });
  });

  contractRoute(scope, fleet.removeFleetAppliance, change, async (req, reply) => {
    const row = await removeAppliance(ctx, req.params.id, currentUser(req).username);
    if (row.state === 'enrolled') await manager.membersChanged();
    return reply.code(204).send();
  });

  contractRoute(scope, fleet.bulkFleetAppliances, change, async (req) => {
    const user = currentUser(req).username;
    const done: string[] = [];
    const refused: Array<{ id: string; name: string; reason: string }> = [];
    let admittedChanged = false;
    for (const id of req.body.ids) {
      try {
        const row = await removeAppliance(ctx, id, user);
        admittedChanged ||= row.state === 'enrolled';
        done.push(id);
      } catch (e) {
        if (!(e instanceof HttpError)) throw e;
        const name = (() => {
          try {
            return getApplianceRow(ctx.db, id).name;
          } catch {
            return '';
          }
        })();
        const reason = Array.isArray(e.detail) ? e.detail.map((i) => i.msg).join('; ') : String(e.detail);
        refused.push({ id, name, reason });
      }
    }
    // One reload for all of them.
    if (admittedChanged) await manager.membersChanged();
    if (!done.length)
      throw new HttpError(
        409,
        refused.map((r) => ({
          loc: ['body', 'ids', req.body.ids.indexOf(r.id)],
          msg: r.reason,
          type: 'value_error.fleet.refused',
        })),
      );
    return { done, refused };
  });

  // Joining lets another console's CA admit this appliance to its fleet: admins only.
  contractRoute(scope, fleet.joinFleet, { access: 'admin', reauth: true }, async (req, reply) => {
    const membership = await joinFleet(ctx, req.body, currentUser(req).username);
    await agent.start();
    return reply.code(201).send(membership);
  });
  contractRoute(scope, fleet.getFleetMembership, { access: area('fleet') }, async () => ({
    membership: membershipView(ctx),
  }));

  scope.addHook('onReady', async () => {
    if (readFleetSettings(ctx.db).manage) await manager.follow('system');
    await agent.start();
  });
  scope.addHook('preClose', async () => {
    await agent.stop();
    await manager.close();
  });
  return manager;
}
