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
 * refused restore changes neither. The databases are copied for a backup on a worker thread (storage/vacuum.ts) and the
 * archive's configuration document read and planned in slices: no other request waits while a backup is made. Secrets sealed with the archive's appliance secret are sealed again with this
 * appliance's.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { isSqliteError, tableRoles } from '../../storage/sqlite';
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

/** Opens a member database (written to a temporary file) for `fn`, then removes the file. */
export function withMemberDb<T>(
  data: Buffer | undefined,
  fn: (db: Database.Database, file: string) => T,
): T | null {
  if (!data) return null;
  const file = tmpFile('member.db');
  fs.writeFileSync(file, data, { mode: 0o600 });
  let db: Database.Database;
  try {
    db = new Database(file);
  } catch {
    fs.rmSync(path.dirname(file), { recursive: true, force: true });
    throw new BackupError(400, 'value_error.backup.damaged', 'A database in the backup cannot be opened.');
  }
  try {
    return fn(db, file);
  } finally {
    db.close();
    fs.rmSync(path.dirname(file), { recursive: true, force: true });
  }
}

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

/** Refuses a member that is not a readable SQLite database holding `table` (before anything reads it further). */
function checkMemberDb(data: Buffer, name: string, table: string): void {
  let ok = false;
  try {
    ok =
      withMemberDb(data, (db) => {
        const check = db.pragma('quick_check', { simple: true });
        return check === 'ok' && tablesOf(db).includes(table);
      }) === true;
  } catch {
    // Not a database (SQLite reads its header only when first asked), or a damaged one.
  }
  if (!ok) throw damaged(`The backup's ${name} is not a readable Rampart database.`);
}

function checkMembers(archive: OpenedArchive): void {
  const appliance = archive.members.get('appliance.db');
  if (!appliance || !archive.members.has('config.json') || !archive.members.has(SECRET_FILE))
    throw damaged('The backup lacks the appliance database, configuration or secret.');
  checkMemberDb(appliance, 'appliance.db', 'users');
  const identity = archive.members.get(IDENTITY_DB_FILE);
  if (identity) checkMemberDb(identity, IDENTITY_DB_FILE, 'identities');
}

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** What restoring an archive would change; changes nothing. */
export async function restorePlan(ctx: ApplianceContext, archive: OpenedArchive): Promise<RestorePlan> {
  checkMembers(archive);
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
  const restored = new Map<string, number>();
  withMemberDb(archive.members.get('appliance.db'), (db) => {
    for (const c of COUNTED) if (c.db === 'appliance') restored.set(c.table, countOf(db, c.table));
  });
  withMemberDb(archive.members.get(IDENTITY_DB_FILE), (db) => {
    for (const c of COUNTED) if (c.db === 'identity') restored.set(c.table, countOf(db, c.table));
  });
  // A plan the restore would then refuse tells nothing: the copy is made and rolled back.
  restoreDatabases(ctx, databasesOf(archive), 'archive-when-none', true);
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

const tablesOf = (db: Database.Database, schema = 'main'): string[] =>
  (
    db
      .prepare(`SELECT name FROM "${schema}".sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'`)
      .all() as Array<{ name: string }>
  ).map((r) => r.name);

const columnsOf = (db: Database.Database, schema: string, table: string): string[] =>
  (db.prepare(`SELECT name FROM pragma_table_info(?, ?)`).all(table, schema) as Array<{ name: string }>).map(
    (r) => r.name,
  );

/** What a restore does with the history of changes: see the top of this file. */
export type HistoryRule = 'archive-when-none' | 'keep';

/** A copy written and checked in an open transaction of its live database: committed or rolled back as a whole. */
interface StagedCopy {
  commit(): void;
  rollback(): void;
}

/**
 * Replaces the rows of every configuration table of `live` with those of the database file `from` (the columns both
 * have), in one transaction left open (see StagedCopy); runtime and history tables are treated as the top of this
 * file says. Foreign keys are checked before it returns: rows of runtime tables that point at rows no longer there
 * are removed, any other broken row refuses the backup (the transaction is rolled back).
 */
export function stageCopy(
  live: Database.Database,
  from: string,
  history: HistoryRule,
  within: { before?: () => void; after?: () => void } = {},
): StagedCopy {
  const roles = tableRoles(live);
  const fk = live.pragma('foreign_keys', { simple: true }) as number;
  live.prepare('ATTACH DATABASE ? AS restored').run(from);
  live.pragma('foreign_keys = OFF');
  let open = false;
  const end = (sql: 'COMMIT' | 'ROLLBACK') => {
    try {
      if (open) live.exec(sql);
      open = false;
    } finally {
      if (live.inTransaction) live.exec('ROLLBACK');
      live.pragma(`foreign_keys = ${fk ? 'ON' : 'OFF'}`);
      live.prepare('DETACH DATABASE restored').run();
    }
  };
  let table = '';
  try {
    live.exec('BEGIN IMMEDIATE');
    open = true;
    within.before?.();
    const mine = tablesOf(live);
    const historyTables = mine.filter((t) => roles.get(t) === 'history');
    // A fresh appliance (no history of its own) takes the archive's; otherwise its own goes on.
    const historyFromArchive =
      history === 'archive-when-none' &&
      historyTables.every((t) => !live.prepare(`SELECT 1 FROM main."${t}" LIMIT 1`).get());
    const theirs = new Set(tablesOf(live, 'restored'));
    for (table of mine) {
      const role = roles.get(table);
      // A table the archive has not (a feature newer than the backup) keeps its rows.
      if (role === 'runtime' || (role === 'history' && !historyFromArchive) || !theirs.has(table)) continue;
      live.prepare(`DELETE FROM main."${table}"`).run();
      const common = new Set(columnsOf(live, 'restored', table));
      const cols = columnsOf(live, 'main', table)
        .filter((c) => common.has(c))
        .map((c) => `"${c}"`)
        .join(', ');
      live.prepare(`INSERT INTO main."${table}" (${cols}) SELECT ${cols} FROM restored."${table}"`).run();
    }
    table = '';
    const broken = live.prepare('PRAGMA main.foreign_key_check').all() as Array<{
      table: string;
      rowid: number;
    }>;
    for (const b of broken) {
      if (roles.get(b.table) !== 'runtime') throw damaged(`The backup's ${b.table} rows are inconsistent.`);
      live.prepare(`DELETE FROM main."${b.table}" WHERE rowid = ?`).run(b.rowid);
    }
    within.after?.();
  } catch (e) {
    end('ROLLBACK');
    // A row this appliance's schema refuses (a constraint, a type): the archive's fault, not the server's.
    if (isSqliteError(e) && table) throw damaged(`The backup's ${table} rows do not fit this appliance.`);
    throw e;
  }
  return { commit: () => end('COMMIT'), rollback: () => end('ROLLBACK') };
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

/**
 * Copies an archive's databases over the live ones as one step: both are staged (see stageCopy) before either
 * commits, so a refused copy of either leaves both as they were.
 */
export function restoreDatabases(
  ctx: ApplianceContext,
  members: { appliance: Buffer; identity: Buffer | null; secret: Buffer | null },
  history: HistoryRule,
  /** Stage both copies (every row written and checked) and roll them back: what a plan does to be truthful. */
  dryRun = false,
): void {
  const ours = loadApplianceSecret(ctx.config.dataDir);
  withMemberDb(members.appliance, (db, applianceFile) => {
    if (members.secret) reseal(db, sealedColumnsOf(ctx), members.secret, ours);
    const both = (identity: StagedCopy | null) => {
      let appliance: StagedCopy;
      try {
        appliance = stageAppliance(ctx, applianceFile, history);
      } catch (e) {
        identity?.rollback();
        throw e;
      }
      if (dryRun) {
        identity?.rollback();
        return appliance.rollback();
      }
      try {
        identity?.commit();
      } catch (e) {
        appliance.rollback();
        throw e;
      }
      appliance.commit();
    };
    const identity = members.identity;
    if (!identity) return both(null);
    const done = withIdentityDb(ctx, (live) =>
      withMemberDb(identity, (_db, identityFile) => both(stageCopy(live, identityFile, history))),
    );
    // No identity database here (the identity service is not set up): the appliance's alone.
    if (done === null) both(null);
  });
}

/** Stages the appliance database's copy; a session stays with its account: one whose id now names another ends. */
function stageAppliance(ctx: ApplianceContext, file: string, history: HistoryRule): StagedCopy {
  let owners = new Map<number, string>();
  const sessionOwners = () =>
    new Map(
      (
        ctx.db
          .prepare('SELECT s.rowid AS r, u.username AS u FROM sessions s JOIN users u ON u.id = s.user_id')
          .all() as Array<{ r: number; u: string }>
      ).map((x) => [x.r, x.u.toLowerCase()]),
    );
  return stageCopy(ctx.db, file, history, {
    before: () => (owners = sessionOwners()),
    after: () => {
      const now = sessionOwners();
      for (const [rowid, username] of owners)
        if (now.get(rowid) !== username) ctx.db.prepare('DELETE FROM sessions WHERE rowid = ?').run(rowid);
    },
  });
}

const databasesOf = (archive: OpenedArchive) => ({
  appliance: archive.members.get('appliance.db')!,
  identity: archive.members.get(IDENTITY_DB_FILE) ?? null,
  secret: archive.members.get(SECRET_FILE)!,
});

/** Restores an opened archive: its databases and the identity service's settings files. */
export function restoreArchive(ctx: ApplianceContext, archive: OpenedArchive): void {
  checkMembers(archive);
  restoreDatabases(ctx, databasesOf(archive), 'archive-when-none');
  for (const name of SETTINGS_FILES) {
    const data = archive.members.get(name);
    if (data) fs.writeFileSync(path.join(ctx.config.dataDir, name), data, { mode: 0o600 });
  }
}
