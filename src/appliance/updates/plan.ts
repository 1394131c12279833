/**
 * The "apply update" job (spec §2 progress overlay): verify, unpack, migrate, switch. The manifest's steps are
 * interpreted here and nowhere else: `migrate` moves the appliance's schema version to the declared one, `switch`
 * makes the package's version the installed one. A rollback runs the same four steps back to the version the last
 * update replaced. Every write of a version happens in the last step's one transaction.
 */
import fs from 'node:fs';
import path from 'node:path';
import { inTransaction, type ApplianceContext } from '../context';
import { StepFailure, type JobPlan } from '../jobs/runner';
import { readTrustedKeys } from './keys';
import {
  compareVersions,
  PackageError,
  sha256Hex,
  targetSchema,
  verifyPackage,
  type Manifest,
} from './package';
import { currentVersion, readPackage, readSettings, rollbackTarget, writeCurrentVersion } from './store';
import { writeFileAtomicSync } from '../../service-kit/atomicFile';

export const releasesDir = (dataDir: string) => path.join(dataDir, 'updates', 'releases');

interface ApplyState {
  manifest: Manifest | null;
  payload: Buffer | null;
  fromVersion: string;
  fromSchema: number;
  toSchema: number;
}

function unpack(ctx: ApplianceContext, manifest: Manifest, payload: Buffer): void {
  const dir = path.join(releasesDir(ctx.config.dataDir), manifest.version);
  fs.mkdirSync(dir, { recursive: true });
  const write = (name: string, data: Buffer | string) => {
    const file = path.join(dir, name);
    writeFileAtomicSync(file, data, { mode: 0o644 });
  };
  write('payload.bin', payload);
  write('manifest.json', JSON.stringify(manifest, null, 2));
  if (sha256Hex(fs.readFileSync(path.join(dir, 'payload.bin'))) !== manifest.payload.sha256)
    throw new StepFailure('The unpacked payload is damaged');
}

function recordSwitch(
  ctx: ApplianceContext,
  s: ApplyState,
  kind: 'update' | 'rollback',
  toVersion: string,
  security: boolean,
  jobId: string,
  username: string,
): void {
  const { db } = ctx;
  inTransaction(db, () => {
    // Another job may not have changed the version meanwhile (jobs run one at a time, but be sure).
    if (currentVersion(db) !== s.fromVersion)
      throw new StepFailure('The installed version changed meanwhile');
    db.prepare('UPDATE update_settings SET schema_version = ? WHERE id = 1').run(s.toSchema);
    writeCurrentVersion(db, toVersion, s.fromVersion);
    db.prepare(
      `INSERT INTO update_history (kind, from_version, to_version, from_schema, to_schema, security, job_id, applied_by, applied_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    ).run(
      kind,
      s.fromVersion,
      toVersion,
      s.fromSchema,
      s.toSchema,
      security ? 1 : 0,
      jobId,
      username,
      ctx.now(),
    );
  });
}

export function applyPlan(ctx: ApplianceContext, version: string, username: string): JobPlan<ApplyState> {
  const { db } = ctx;
  return {
    state: { manifest: null, payload: null, fromVersion: '', fromSchema: 0, toSchema: 0 },
    steps: [
      {
        name: 'Verify package',
        run: (s) => {
          const stored = readPackage(db, version);
          if (!stored) throw new StepFailure(`Package ${version} is no longer available`);
          try {
            const verified = verifyPackage(stored.envelope, readTrustedKeys(ctx.config.dataDir));
            s.manifest = verified.manifest;
            s.payload = verified.payload;
          } catch (e) {
            if (e instanceof PackageError) throw new StepFailure(e.message);
            throw e;
          }
          s.fromVersion = currentVersion(db);
          if (compareVersions(version, s.fromVersion) <= 0)
            throw new StepFailure(`Version ${version} is not newer than the installed ${s.fromVersion}`);
          const settings = readSettings(db);
          s.fromSchema = settings.schema_version;
          if (s.manifest.channel !== settings.channel)
            throw new StepFailure(`The package is for the ${s.manifest.channel} channel`);
        },
      },
      {
        name: 'Unpack package',
        run: (s) => unpack(ctx, s.manifest as Manifest, s.payload as Buffer),
      },
      {
        name: 'Migrate schema',
        run: (s) => {
          s.toSchema = targetSchema(s.manifest as Manifest, s.fromSchema);
          if (s.toSchema < s.fromSchema)
            throw new StepFailure(
              `The package would migrate the schema back from ${s.fromSchema} to ${s.toSchema}`,
            );
        },
      },
      {
        name: 'Switch version',
        run: (s, job) => {
          recordSwitch(ctx, s, 'update', version, (s.manifest as Manifest).security, job.id, username);
          s.payload = null;
        },
      },
    ],
  };
}

export function rollbackPlan(ctx: ApplianceContext, username: string): JobPlan<ApplyState & { to: string }> {
  const { db } = ctx;
  return {
    state: { manifest: null, payload: null, fromVersion: '', fromSchema: 0, toSchema: 0, to: '' },
    steps: [
      {
        name: 'Verify previous version',
        run: (s) => {
          const target = rollbackTarget(db);
          if (!target) throw new StepFailure('There is no previous version to roll back to');
          s.to = target.from_version;
          s.fromVersion = target.to_version;
          s.fromSchema = readSettings(db).schema_version;
          s.toSchema = target.from_schema;
        },
      },
      {
        name: 'Unpack previous version',
        run: (s) => {
          // The factory version has no release directory; any other must still be on disk.
          const stored = readPackage(db, s.to);
          if (stored && !fs.existsSync(path.join(releasesDir(ctx.config.dataDir), s.to, 'payload.bin')))
            throw new StepFailure(`The files of version ${s.to} are missing`);
        },
      },
      {
        name: 'Migrate schema',
        // Back to the schema version recorded before the update (the update only ever raised it).
        run: (s) => {
          if (s.toSchema > s.fromSchema)
            throw new StepFailure(
              `The recorded schema ${s.toSchema} is newer than the current ${s.fromSchema}`,
            );
        },
      },
      {
        name: 'Switch version',
        run: (s, job) => recordSwitch(ctx, s, 'rollback', s.to, false, job.id, username),
      },
    ],
  };
}
