/**
 * What a backup holds and how it comes back. A backup is consistent database snapshots (`VACUUM INTO`) of the
 * appliance's database (accounts with their password hashes, groups, the PKI with its sealed keys, every area's
 * settings) and of the identity service's (identities, credentials), the appliance secret the keys are sealed with,
 * the configuration document, and the identity service's settings files.
 *
 * A restore copies the archive's rows over the live databases table by table, so the running server keeps its
 * connections. What each table is comes from its owner (the `tables` of the migration that creates it, see
 * TableRole in src/storage/sqlite.ts), not from a list here:
 * - configuration (every undeclared table) comes from the archive;
 * - runtime tables (sessions, jobs, logs, counters, this appliance's audit trail) stay as they are, less the rows
 *   that point at rows no longer there (a session of an account the backup does not have);
 * - the history of changes (revisions and their files) is one whole: this appliance's own stays when it has any (a
 *   restore on the same box is one more change in its history), the archive's comes back when it has none (the box
 *   was lost and this is its replacement).
 * Both databases are staged (every row written and checked, in one transaction each) before either commits, so a
 * refused restore changes neither. The heavy work is on the configuration worker (offThread.ts): the databases are
 * copied for a backup there (storage/vacuum.ts), the archive's member databases checked and counted there
 * (memberDbs.ts) and staged there (stage.ts; a plan onto copies of the live databases), and the archive's
 * configuration document is read and planned in slices: no other request waits while a backup is made, planned or
 * restored. Secrets sealed with the archive's appliance secret are sealed again with this appliance's.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { isSqliteError } from '../../storage/sqlite';
import type { ConfigPlan } from '../../shared/contracts/revisions';
import type { ApplianceContext } from '../context';
import { configDocument, planDocument } from '../revisions/document';
import { parseJsonBody } from '../revisions/bodyPieces';
import { offThread } from '../revisions/offThread';
import { applianceVersionOf } from '../revisions/sections';
import {
  deriveKey,
  loadApplianceSecret,
  SECRET_FILE,
  seal,
  sealedColumnsOf,
  unseal,
  type SealedColumn,
} from '../secrets';
import { BackupError, type OpenedArchive } from './format';
import { withMemberDb } from './memberDbs';
import { inspectMemberDbsOffThread, stageDatabasesOffThread } from './offThread';
import { stageBoth, tablesOf, type HistoryRule } from './stage';

export type { HistoryRule } from './stage';

export const IDENTITY_DB_FILE = 'identity.db';
const SETTINGS_FILES = ['identity-providers.json', 'identity-registration.json'];

const tmpFile = (name: string) => path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'rampart-backup-')), name);

/** The longest copying one database for a backup may take. */
const VACUUM_BUDGET_MS = 10 * 60_000;

/** A consistent copy of the database file `source`, made on the worker (vacuum.ts). */
async function vacuumInto(source: string, name: string): Promise<Buffer> {
  const file = tmpFile(name);
  try {
    await offThread('vacuumFile', [source, file], VACUUM_BUDGET_MS);
    return await fs.promises.readFile(file);
  } finally {
    await fs.promises.rm(path.dirname(file), { recursive: true, force: true });
  }
}

/** The identity service's database file, or null when it is not set up. */
function identityDbFile(ctx: ApplianceContext): string | null {
  const file = path.join(ctx.config.dataDir, IDENTITY_DB_FILE);
  return fs.existsSync(file) ? file : null;
}

function withIdentityDb<T>(ctx: ApplianceContext, fn: (db: Database.Database) => T): T | null {
  const file = path.join(ctx.config.dataDir, IDENTITY_DB_FILE);
  if (!fs.existsSync(file)) return null;
  const db = new Database(file);
  try {
    db.pragma('busy_timeout = 5000');
    return fn(db);
  } finally {
    db.close();
  }
}

/** The members of a backup of this appliance, as of now. */
export async function backupMembers(ctx: ApplianceContext): Promise<Array<{ name: string; data: Buffer }>> {
  const members = [
    { name: 'config.json', data: Buffer.from(JSON.stringify(configDocument(ctx), null, 2)) },
    { name: 'appliance.db', data: await vacuumInto(ctx.db.name, 'appliance.db') },
  ];
  const identityFile = identityDbFile(ctx);
  if (identityFile)
    members.push({ name: IDENTITY_DB_FILE, data: await vacuumInto(identityFile, IDENTITY_DB_FILE) });
  members.push({ name: SECRET_FILE, data: loadApplianceSecret(ctx.config.dataDir) });
  for (const name of SETTINGS_FILES) {
    const file = path.join(ctx.config.dataDir, name);
    if (fs.existsSync(file)) members.push({ name, data: fs.readFileSync(file) });
  }
  return members;
}

export const backupMeta = (ctx: ApplianceContext) => ({
  appliance_version: applianceVersionOf(ctx),
  created_at: new Date(ctx.now()).toISOString(),
});

export interface RestoreCounts {
  what: 'accounts' | 'groups' | 'certificate_authorities' | 'certificates' | 'identities';
  label: string;
  now: number;
  restored: number;
}

export interface RestorePlan {
  manifest: OpenedArchive['manifest'];
  configuration: ConfigPlan;
  counts: RestoreCounts[];
}

const countOf = (db: Database.Database, table: string): number => {
  const exists = db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?").get(table);
  return exists ? (db.prepare(`SELECT COUNT(*) AS n FROM "${table}"`).get() as { n: number }).n : 0;
};

const COUNTED: Array<
  Omit<RestoreCounts, 'now' | 'restored'> & { table: string; db: 'appliance' | 'identity' }
> = [
  { what: 'accounts', label: 'Accounts', table: 'users', db: 'appliance' },
  { what: 'groups', label: 'Groups', table: 'user_groups', db: 'appliance' },
  { what: 'certificate_authorities', label: 'Certificate authorities', table: 'pki_cas', db: 'appliance' },
  { what: 'certificates', label: 'Certificates', table: 'pki_certificates', db: 'appliance' },
  { what: 'identities', label: 'Identities (identity service)', table: 'identities', db: 'identity' },
];

const damaged = (message: string) => new BackupError(400, 'value_error.backup.damaged', message);

/**
 * Refuses an archive without its databases, configuration or secret, or whose member databases are not readable
 * Rampart databases (checked on the worker, memberDbs.ts); answers the counted tables' rows, by table.
 */
async function checkMembers(archive: OpenedArchive): Promise<Map<string, number>> {
  const appliance = archive.members.get('appliance.db');
  if (!appliance || !archive.members.has('config.json') || !archive.members.has(SECRET_FILE))
    throw damaged('The backup lacks the appliance database, configuration or secret.');
  const identity = archive.members.get(IDENTITY_DB_FILE) ?? null;
  const counted = (db: 'appliance' | 'identity') => COUNTED.filter((c) => c.db === db).map((c) => c.table);
  const counts = await withMemberFile(appliance, (applianceFile) =>
    withMemberFile(identity, (identityFile) =>
      inspectMemberDbsOffThread([
        { name: 'appliance.db', file: applianceFile!, table: 'users', count: counted('appliance') },
        ...(identityFile
          ? [{ name: IDENTITY_DB_FILE, file: identityFile, table: 'identities', count: counted('identity') }]
          : []),
      ]),
    ),
  );
  return new Map(Object.values(counts).flatMap((c) => Object.entries(c)));
}

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** What restoring an archive would change; changes nothing. */
export async function restorePlan(ctx: ApplianceContext, archive: OpenedArchive): Promise<RestorePlan> {
  const restored = await checkMembers(archive);
  let doc: unknown;
  try {
    // Read as a request body is (a large one on the worker, bodyPieces.ts).
    doc = await parseJsonBody(archive.members.get('config.json')!);
  } catch {
    doc = null;
  }
  if (!isObject(doc) || typeof doc.format !== 'string' || !isObject(doc.sections))
    throw damaged('The backup’s configuration document is damaged.');
  // A backup restore replaces the databases whole (accounts and key material included): nothing a document's writers
  // refuse is refused here, so the plan carries no such mark.
  const planned = await planDocument(ctx, { format: doc.format, sections: doc.sections });
  const configuration = {
    ...planned,
    changes: planned.changes.map(({ refused, note, ...c }) =>
      refused ? c : { ...c, ...(note ? { note } : {}) },
    ),
  };
  // A plan the restore would then refuse tells nothing: the copy is made (onto copies) and rolled back.
  await restoreDatabases(ctx, databasesOf(archive), 'archive-when-none', true);
  const identityNow = withIdentityDb(ctx, (db) => countOf(db, 'identities')) ?? 0;
  return {
    manifest: archive.manifest,
    configuration,
    counts: COUNTED.map((c) => ({
      what: c.what,
      label: c.label,
      now: c.db === 'appliance' ? countOf(ctx.db, c.table) : identityNow,
      restored: restored.get(c.table) ?? 0,
    })),
  };
}

/**
 * Seals again, with this appliance's secret, the secrets an archive's database holds sealed with its own; an archive
 * of this appliance keeps them as they are. Either way every one must open: a key that does not is refused here, not
 * found missing when it is next used. `sealed`: the columns the features declared (../secrets.ts registerSealedColumn).
 */
function reseal(db: Database.Database, sealed: readonly SealedColumn[], theirs: Buffer, ours: Buffer): void {
  const same = theirs.equals(ours);
  const tables = new Set(tablesOf(db));
  let table = '';
  const check = db.transaction(() => {
    for (const s of sealed) {
      if (!tables.has(s.table)) continue;
      table = s.table;
      const from = deriveKey(theirs, s.info);
      const to = deriveKey(ours, s.info);
      const rows = db
        .prepare(
          `SELECT "${s.id}" AS id, "${s.column}" AS sealed FROM "${s.table}" WHERE "${s.column}" IS NOT NULL`,
        )
        .all() as Array<{ id: unknown; sealed: Buffer }>;
      for (const r of rows) {
        let plain: Buffer;
        try {
          plain = unseal(from, s.aad(r.id), r.sealed);
        } catch {
          throw damaged(`The backup's sealed secrets of ${s.table} cannot be opened.`);
        }
        if (same) continue;
        db.prepare(`UPDATE "${s.table}" SET "${s.column}" = ? WHERE "${s.id}" = ?`).run(
          seal(to, s.aad(r.id), plain),
          r.id as string,
        );
      }
    }
  });
  try {
    check();
  } catch (e) {
    if (isSqliteError(e)) throw damaged(`The backup's ${table} rows cannot be read.`);
    throw e;
  }
}

/** The identity service's settings files: name → content (base64), null when the file is absent. */
export type SettingsFiles = Record<string, string | null>;

/** The state a restore replaces, to put back when the restore is not kept. */
export interface PreRestore {
  appliance: Buffer;
  identity: Buffer | null;
  settings: SettingsFiles;
}

export async function preRestoreSnapshot(ctx: ApplianceContext): Promise<PreRestore> {
  const identityFile = identityDbFile(ctx);
  return {
    appliance: await vacuumInto(ctx.db.name, 'appliance.db'),
    identity: identityFile ? await vacuumInto(identityFile, IDENTITY_DB_FILE) : null,
    settings: Object.fromEntries(
      SETTINGS_FILES.map((name) => {
        const file = path.join(ctx.config.dataDir, name);
        return [name, fs.existsSync(file) ? fs.readFileSync(file).toString('base64') : null];
      }),
    ),
  };
}

/** Puts the identity settings files back as a snapshot had them (a file it had not is removed). */
export function restoreSettingsFiles(ctx: ApplianceContext, settings: SettingsFiles): void {
  for (const name of SETTINGS_FILES) {
    if (!(name in settings)) continue;
    const file = path.join(ctx.config.dataDir, name);
    const data = settings[name];
    if (data === null) fs.rmSync(file, { force: true });
    else fs.writeFileSync(file, Buffer.from(data, 'base64'), { mode: 0o600 });
  }
}

/** The members of a restore: the databases' bytes and the secret their keys are sealed with (none: this one's). */
interface DatabaseMembers {
  appliance: Buffer;
  identity: Buffer | null;
  secret: Buffer | null;
}

/** Writes `data` (when there is any) to a temporary file for `fn`, without holding the event loop; then removes it. */
export async function withMemberFile<T>(
  data: Buffer | null,
  fn: (file: string | null) => Promise<T>,
): Promise<T> {
  if (!data) return fn(null);
  const dir = await fs.promises.mkdtemp(path.join(os.tmpdir(), 'rampart-backup-'));
  try {
    const file = path.join(dir, 'member.db');
    await fs.promises.writeFile(file, data, { mode: 0o600, flag: 'wx' });
    return await fn(file);
  } finally {
    await fs.promises.rm(dir, { recursive: true, force: true });
  }
}

/** Reseals the archive's secrets in its appliance database file (a few small tables: quick). */
function resealFile(ctx: ApplianceContext, file: string, secret: Buffer | null): void {
  if (!secret) return;
  let db: Database.Database;
  try {
    db = new Database(file, { fileMustExist: true });
  } catch {
    throw damaged('A database in the backup cannot be opened.');
  }
  try {
    reseal(db, sealedColumnsOf(ctx), secret, loadApplianceSecret(ctx.config.dataDir));
  } finally {
    db.close();
  }
}

/**
 * Copies an archive's databases over the live ones as one step (stage.ts stageBoth: both staged before either
 * commits, so a refused copy of either leaves both as they were), on the worker with connections of its own: the
 * event loop goes on answering (a request that writes waits for SQLite's lock as it waits for any writer).
 * `dryRun`: staged onto copies of the live databases and rolled back, what a plan does to be truthful.
 */
export async function restoreDatabases(
  ctx: ApplianceContext,
  members: DatabaseMembers,
  history: HistoryRule,
  dryRun = false,
): Promise<void> {
  const identityLive = identityDbFile(ctx);
  await withMemberFile(members.appliance, async (appliance) => {
    resealFile(ctx, appliance!, members.secret);
    // No identity database here (the identity service is not set up): the appliance's alone.
    await withMemberFile(identityLive ? members.identity : null, (identity) =>
      stageDatabasesOffThread({
        appliance: { live: ctx.db.name, member: appliance! },
        identity: identity && identityLive ? { live: identityLive, member: identity } : null,
        history,
        dryRun,
      }),
    );
  });
}

/**
 * restoreDatabases on the event loop, on the server's own connection: for a rollback, which runs from a timer and at
 * start as well as on request and puts back a snapshot of this appliance.
 */
export function restoreDatabasesNow(
  ctx: ApplianceContext,
  members: DatabaseMembers,
  history: HistoryRule,
): void {
  withMemberDb(members.appliance, (db, applianceFile) => {
    if (members.secret)
      reseal(db, sealedColumnsOf(ctx), members.secret, loadApplianceSecret(ctx.config.dataDir));
    const identity = members.identity;
    const done = identity
      ? withIdentityDb(ctx, (live) =>
          withMemberDb(identity, (_db, identityFile) =>
            stageBoth(
              { live: ctx.db, member: applianceFile },
              { live, member: identityFile },
              history,
              false,
            ),
          ),
        )
      : null;
    if (done === null) stageBoth({ live: ctx.db, member: applianceFile }, null, history, false);
  });
}

const databasesOf = (archive: OpenedArchive) => ({
  appliance: archive.members.get('appliance.db')!,
  identity: archive.members.get(IDENTITY_DB_FILE) ?? null,
  secret: archive.members.get(SECRET_FILE)!,
});

/** Restores an opened archive: its databases and the identity service's settings files. */
export async function restoreArchive(ctx: ApplianceContext, archive: OpenedArchive): Promise<void> {
  await checkMembers(archive);
  await restoreDatabases(ctx, databasesOf(archive), 'archive-when-none');
  for (const name of SETTINGS_FILES) {
    const data = archive.members.get(name);
    if (data) fs.writeFileSync(path.join(ctx.config.dataDir, name), data, { mode: 0o600 });
  }
}
