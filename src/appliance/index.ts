/**
 * The embedded appliance API: storage in `<dataDir>/appliance.db` (one server per data directory, enforced by a
 * lock), XSRF protection, local authentication under the auth base, console endpoints under the API base, jobs with
 * server-sent progress under `/eos/`, and the audit trail written to the log sink it is given.
 */
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config';
import { createAudit, type LogSink } from './audit';
import { applianceContext, attachContext, requireAdmin, requireUser } from './auth/guards';
import { applyPasswordHashCost, dummyHash } from './auth/passwords';
import { pathPrefix, type ApplianceContext } from './context';
import { lockDataDir, migrate, openDatabase, type DataDirLock, type Db } from '../storage/sqlite';
import { applianceMigrations } from './db/migrations';
import { applyApiConventions } from './http/scope';
import { installXsrf } from './http/xsrf';
import { installRouteAccess } from './http/routeAccess';
import { type StreamSet } from './jobs/routes';
import { addDashboardPart } from './dashboard';
import { JobRunner } from './jobs/runner';
import { ADMIN_USERNAME, seedIfEmpty } from './seed';
import { InProcessReads } from '../service-kit/inProcessReads';
import { installRevisions } from './revisions';
import { createAuditChain, type AuditChain } from './auditChain';
import { installAuditContext } from './auditContext';
import { startForwarder, type Forwarder } from './forwarding';
import { pkiOf } from './pki';
import { caChainDer } from './pki/cas';
import { tlsMaterial } from './pki/tls';
import { certPem } from './pki/x509';
import type { StoredLogEntry } from '../shared/logServices';
import type { FeatureDescriptor, Made, MountDeps } from './feature';
import { applianceSchema } from './db/feature';
import { logsFeature } from './logs/feature';
import { settingsFeature } from './settings/feature';
import { consoleFeature } from './console/feature';
import { jobsFeature } from './jobs/feature';
import { updatesFeature } from './updates/feature';
import { applyFeature } from './apply/feature';
import { dnsFeature } from './dns/feature';
import { sshFeature } from './ssh/feature';
import { authenticationFeature } from './users/feature';
import { alertsFeature } from './alerts/feature';
import { revisionsFeature } from './revisions/feature';
import { auditFeature } from './auditFeature';
import { forwardingFeature } from './forwarding/feature';
import { backupsFeature } from './backups/feature';
import { fleetFeature } from './fleet/feature';
import { pkiFeature } from './pki/feature';
import { networkFeature } from './network/feature';
import { openApiFeature } from './http/feature';

export { requireAdmin, requireUser, applianceContext };
export { currentUser, sessionUser } from './auth/guards';
export type { LogEntry, LogSink } from './audit';
export type { ApplianceContext } from './context';

export interface ApplianceDeps {
  /**
   * Where audit entries go (the log store); without one nothing is recorded. A function receives the appliance's
   * opened (and migrated) database, so a store living in the same database can be created from it.
   */
  logSink?: LogSink | ((db: Db) => LogSink);
  /** Receives the one line naming the seeded admin's initial password (default: standard output). */
  print?: (line: string) => void;
  /** Pause around each job step so the progress overlay can be followed (default 150 ms). */
  jobStepPauseMs?: number;
}

export interface Appliance {
  db: Db;
  context: ApplianceContext;
  jobs: JobRunner;
  /** Reads the server's own renders may take without `inject` (menu, who-am-I). */
  inProcessReads: InProcessReads;
}

/** The database of a server the appliance is mounted on (for modules mounted beside it, e.g. the log store). */
export function applianceDb(app: FastifyInstance): Db {
  return applianceContext(app).db;
}

const handles = new WeakMap<FastifyInstance, Appliance>();
const auditChains = new WeakMap<ApplianceContext, AuditChain>();

/** The hash-chained audit trail of an appliance (the forwarder listens to it). */
export function auditChainOf(ctx: ApplianceContext): AuditChain {
  const chain = auditChains.get(ctx);
  if (!chain) throw new Error('the appliance has no audit chain');
  return chain;
}

/** The appliance registered on a (root) server, for wiring and tests. */
export function applianceOf(app: FastifyInstance): Appliance {
  const handle = handles.get(app);
  if (!handle) throw new Error('the appliance is not registered on this server');
  return handle;
}

export const APPLIANCE_DB_FILE = 'appliance.db';

/**
 * Every part of the appliance, kernel and features, in the order it is mounted: within each scope (API base, root,
 * dashboard, auth base, `/eos/`) the steps run in this order, which migrations and hooks rely on (the accounts before
 * the lockout policy's rules, the apply engine before the features it hands its manager, the OpenAPI document last).
 */
export const APPLIANCE_FEATURES: readonly FeatureDescriptor[] = [
  applianceSchema,
  logsFeature,
  settingsFeature,
  consoleFeature,
  jobsFeature,
  updatesFeature,
  applyFeature,
  dnsFeature,
  sshFeature,
  authenticationFeature,
  alertsFeature,
  revisionsFeature,
  auditFeature,
  forwardingFeature,
  backupsFeature,
  fleetFeature,
  pkiFeature,
  networkFeature,
  openApiFeature,
];

export async function registerAppliance(
  app: FastifyInstance,
  config: Config,
  deps: ApplianceDeps = {},
): Promise<Appliance> {
  const lock = lockDataDir(config.dataDir, 'appliance');
  let db: Db | undefined;
  try {
    db = openDatabase(path.join(config.dataDir, APPLIANCE_DB_FILE));
    migrate(db, 'appliance', applianceMigrations);
    return await mount(app, config, deps, db, lock);
  } catch (e) {
    // A server that does not start must not keep the data directory.
    db?.close();
    lock.release();
    throw e;
  }
}

async function mount(
  app: FastifyInstance,
  config: Config,
  deps: ApplianceDeps,
  db: Db,
  lock: DataDirLock,
): Promise<Appliance> {
  applyPasswordHashCost(config.passwordHashCost, app.log);
  // Computed now, so the first login of an unknown name costs the same as any other.
  await dummyHash();
  const apiPrefix = pathPrefix(config.apiBase);
  const authPrefix = pathPrefix(config.authBase);
  const secureCookies = config.publicUrl.startsWith('https://');
  // Every request's audit records know who, how and from where (auditContext.ts); first of all hooks.
  installAuditContext(app);
  const auditChain = createAuditChain(db, config.dataDir);
  const sink = typeof deps.logSink === 'function' ? deps.logSink(db) : deps.logSink;
  const ctx: ApplianceContext = {
    db,
    config,
    apiPrefix,
    authPrefix,
    secureCookies,
    now: Date.now,
    audit: createAudit(
      sink,
      (e) => app.log.error({ err: e }, 'audit entry could not be written'),
      Date.now,
      auditChain,
    ),
  };
  auditChains.set(ctx, auditChain);
  // Remote syslog: from here on every audit record and chosen log entry is queued for its targets.
  const logStore = sink as
    (LogSink & { subscribe?: (l: (e: readonly StoredLogEntry[]) => void) => () => void }) | undefined;
  const forwarder: Forwarder = startForwarder(ctx, {
    chain: auditChain,
    subscribeLogs: logStore?.subscribe ? (l) => logStore.subscribe!(l) : undefined,
    log: (message, severity) =>
      sink?.append({ service: 'system', timestamp: Math.floor(Date.now() / 1000), message, severity }),
    // TLS material stays in the PKI, read when a connection opens (a renewal is used by the next one).
    tls: {
      clientCertificate: (id) => tlsMaterial(pkiOf(ctx), id),
      trust: (caId) => caChainDer(pkiOf(ctx), caId).map(certPem).join(''),
    },
  });
  attachContext(app, ctx);

  const password = await seedIfEmpty(ctx);
  if (password) {
    const print = deps.print ?? ((line: string) => process.stdout.write(`${line}\n`));
    print(`Seeded admin: ${ADMIN_USERNAME} / ${password} (change it at first login)`);
  }

  const jobs = new JobRunner(ctx, deps.jobStepPauseMs);
  jobs.onUnexpected = (e) => app.log.error({ err: e }, 'job step failed unexpectedly');
  jobs.recoverInterrupted();

  // An empty prefix (API at the site root) would put every path, identity flows included, under this check.
  // Routes marked `cookieless` (the token endpoint and the SSH helper's) set no cookie and rely on none.
  installXsrf(app, [apiPrefix, authPrefix, '/eos'].filter(Boolean), secureCookies);
  // Every route under the bases declares who may call it (http/routeAccess.ts; the server does not start
  // otherwise), enforced by one hook before every route's own, with the recent-authentication check of sensitive
  // changes.
  installRouteAccess(app, ctx);
  // Every write route registered below is captured: a change of a configuration section records a revision (each
  // feature registers its own section when it is mounted).
  installRevisions(app, ctx);

  const inProcessReads = new InProcessReads();
  const notFound = (scope: FastifyInstance) =>
    scope.setNotFoundHandler((_req, reply) => reply.code(404).send({ detail: 'Resource does not exist' }));

  const streams: StreamSet = new Set();
  const made: Made = {};
  const shared: MountDeps = {
    root: app,
    jobs,
    inProcessReads,
    auditChain,
    streams,
    managed: APPLIANCE_FEATURES.flatMap((f) => (f.managed ? [f.managed] : [])),
    forwardingHealth: () => forwarder.health(),
    certificateUsers: [(certId) => forwarder.usingCertificate(certId)],
    manager: () => {
      if (!made.manager) throw new Error('the apply engine is mounted after a feature that needs it');
      return made.manager;
    },
  };
  // One loop per scope over the one list: each scope's steps run in the list's order.
  const each = async (step: (f: FeatureDescriptor) => unknown) => {
    for (const feature of APPLIANCE_FEATURES) await step(feature);
  };
  await app.register(
    async (api) => {
      applyApiConventions(api);
      // The OpenAPI document (the list's last) is built when the server is ready, of every route registered here
      // and below.
      await each(async (f) => Object.assign(made, await f.routes?.(api, ctx, shared)));
      notFound(api);
    },
    { prefix: apiPrefix },
  );
  await each((f) => f.root?.(app, ctx, shared));
  // The home page's summary: each area's part from its feature (./dashboard.ts).
  await each((f) => f.dashboard && addDashboardPart(ctx, f.dashboard.area, f.dashboard.part));
  await app.register(
    async (auth) => {
      applyApiConventions(auth);
      await each((f) => f.auth?.(auth, ctx, shared));
      if (!authPrefix.startsWith(`${apiPrefix}/`)) notFound(auth);
    },
    { prefix: authPrefix },
  );
  await app.register(
    async (eos) => {
      applyApiConventions(eos);
      await each((f) => f.eos?.(eos, ctx, shared));
    },
    { prefix: '/eos' },
  );

  app.addHook('preClose', async () => {
    for (const end of [...streams]) end();
    jobs.stop();
    await forwarder.stop();
  });
  app.addHook('onClose', async () => {
    auditChain.flushHead();
    db.close();
    lock.release();
  });

  const handle: Appliance = { db, context: ctx, jobs, inProcessReads };
  handles.set(app, handle);
  return handle;
}
