/**
 * The work of the two jobs, on the appliance's own state.
 * - Apply configuration: snapshot the look-and-feel, images, menu and lockout policy into a configuration revision,
 *   validate the snapshot, and make it the active revision (the previous one is superseded).
 * - Apply update: verify the package against its descriptor's checksum and version, stage it on disk, install it
 *   (the installed version becomes the appliance's version), and clean the staging area.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { LOCKOUT_LIMITS, readPolicy, type LockoutPolicy } from '../auth/lockout';
import { readMenu } from '../console/menu';
import { inTransaction, type ApplianceContext } from '../context';
import { HEX_COLOR } from '../http/scope';
import { sniffImage } from '../settings/images';
import { readUiSettings } from '../settings/routes';
import { StepFailure, type JobPlan } from './runner';

export const INITIAL_APPLIANCE_VERSION = '1.0.0';
/** Largest update package accepted (decoded bytes). */
export const PACKAGE_MAX_BYTES = 512 * 1024;

interface ConfigSnapshot {
  ui: { primary_color: string; bar_color: string };
  images: Array<{ slot: string; mime: string; sha256: string }>;
  menu: ReturnType<typeof readMenu>;
  lockout: LockoutPolicy;
}

const sha256 = (data: string | Buffer) => crypto.createHash('sha256').update(data).digest('hex');

export function readState(ctx: ApplianceContext, key: string): string | null {
  const row = ctx.db.prepare('SELECT value FROM system_state WHERE key = ?').get(key) as
    { value: string } | undefined;
  return row ? row.value : null;
}

function writeState(ctx: ApplianceContext, key: string, value: string): void {
  ctx.db
    .prepare(
      'INSERT INTO system_state (key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value',
    )
    .run(key, value);
}

/** Problems of a configuration snapshot (empty when it can be activated). */
export function validateSnapshot(ctx: ApplianceContext, s: ConfigSnapshot): string[] {
  const problems: string[] = [];
  if (!HEX_COLOR.test(s.ui.primary_color)) problems.push('primary colour is not a hex colour');
  if (!HEX_COLOR.test(s.ui.bar_color)) problems.push('bar colour is not a hex colour');
  for (const img of s.images) {
    const row = ctx.db.prepare('SELECT bytes FROM images WHERE slot = ?').get(img.slot) as
      { bytes: Buffer } | undefined;
    if (!row || sha256(row.bytes) !== img.sha256) problems.push(`${img.slot} image changed while applying`);
    else if (sniffImage(row.bytes) !== img.mime) problems.push(`${img.slot} image is not a supported image`);
  }
  const ids = new Set<string>();
  for (const g of s.menu) {
    if (ids.has(g.id)) problems.push(`menu group ${g.id} appears twice`);
    ids.add(g.id);
    if (!g.path.startsWith('/')) problems.push(`menu group ${g.id} path must start with /`);
  }
  for (const [k, limits] of Object.entries(LOCKOUT_LIMITS) as Array<
    [keyof LockoutPolicy, { minimum: number; maximum: number }]
  >) {
    const v = s.lockout[k];
    if (!Number.isInteger(v) || v < limits.minimum || v > limits.maximum)
      problems.push(`lockout ${k} is out of range`);
  }
  return problems;
}

export function configPlan(
  ctx: ApplianceContext,
): JobPlan<{ revisionId: number; snapshot: ConfigSnapshot | null }> {
  const { db } = ctx;
  return {
    state: { revisionId: 0, snapshot: null },
    steps: [
      {
        name: 'Snapshot configuration',
        run: (state, job) => {
          const { primary_color, bar_color } = readUiSettings(ctx);
          const snapshot: ConfigSnapshot = {
            ui: { primary_color, bar_color },
            images: db
              .prepare('SELECT slot, mime, sha256 FROM images ORDER BY slot')
              .all() as ConfigSnapshot['images'],
            menu: readMenu(db),
            lockout: readPolicy(db),
          };
          const text = JSON.stringify(snapshot);
          state.snapshot = snapshot;
          state.revisionId = Number(
            inTransaction(
              db,
              () =>
                db
                  .prepare(
                    "INSERT INTO config_revisions (job_id, snapshot, sha256, status, created_at) VALUES (?, ?, ?, 'pending', ?)",
                  )
                  .run(job.id, text, sha256(text), ctx.now()).lastInsertRowid,
            ),
          );
        },
      },
      {
        name: 'Validate configuration',
        run: (state) => {
          const problems = state.snapshot ? validateSnapshot(ctx, state.snapshot) : ['no snapshot was taken'];
          if (problems.length) {
            inTransaction(db, () =>
              db
                .prepare("UPDATE config_revisions SET status = 'rejected' WHERE id = ?")
                .run(state.revisionId),
            );
            throw new StepFailure(`Configuration is not valid: ${problems.join('; ')}`);
          }
        },
      },
      {
        name: 'Activate configuration',
        run: (state) => {
          inTransaction(db, () => {
            const row = db
              .prepare('SELECT snapshot, sha256, status FROM config_revisions WHERE id = ?')
              .get(state.revisionId) as { snapshot: string; sha256: string; status: string } | undefined;
            if (!row || row.status !== 'pending' || sha256(row.snapshot) !== row.sha256)
              throw new StepFailure('The configuration revision is damaged');
            db.prepare("UPDATE config_revisions SET status = 'superseded' WHERE status = 'active'").run();
            db.prepare("UPDATE config_revisions SET status = 'active', activated_at = ? WHERE id = ?").run(
              ctx.now(),
              state.revisionId,
            );
            writeState(ctx, 'active_config_revision', String(state.revisionId));
          });
        },
      },
    ],
  };
}

export interface UpdatePackage {
  version: string;
  /** SHA-256 of the decoded content, lower-case hex (the package descriptor's checksum). */
  sha256: string;
  /** Package bytes, base64. */
  content: string;
}

const parseVersion = (v: string) => v.split('.').map(Number);
export function isNewer(candidate: string, current: string): boolean {
  const a = parseVersion(candidate);
  const b = parseVersion(current);
  for (let i = 0; i < 3; i += 1) if ((a[i] ?? 0) !== (b[i] ?? 0)) return (a[i] ?? 0) > (b[i] ?? 0);
  return false;
}

export function upgradePlan(
  ctx: ApplianceContext,
  pkg: UpdatePackage,
): JobPlan<{ bytes: Buffer | null; staged: string }> {
  const updates = path.join(ctx.config.dataDir, 'updates');
  return {
    state: { bytes: null, staged: '' },
    steps: [
      {
        name: 'Verify package',
        run: (state) => {
          const bytes = Buffer.from(pkg.content, 'base64');
          if (
            bytes.length === 0 ||
            bytes.toString('base64').replace(/=+$/, '') !== pkg.content.replace(/=+$/, '')
          ) {
            throw new StepFailure('The package content is not valid base64');
          }
          if (bytes.length > PACKAGE_MAX_BYTES) throw new StepFailure('The package is too large');
          if (sha256(bytes) !== pkg.sha256)
            throw new StepFailure('Package checksum does not match its descriptor');
          const installed = readState(ctx, 'appliance_version') ?? INITIAL_APPLIANCE_VERSION;
          if (!isNewer(pkg.version, installed))
            throw new StepFailure(`Version ${pkg.version} is not newer than the installed ${installed}`);
          state.bytes = bytes;
        },
      },
      {
        name: 'Stage package',
        run: (state, job) => {
          const dir = path.join(updates, 'staging');
          fs.mkdirSync(dir, { recursive: true });
          const file = path.join(dir, `${job.id}.pkg`);
          fs.writeFileSync(`${file}.part`, state.bytes as Buffer);
          fs.renameSync(`${file}.part`, file);
          if (sha256(fs.readFileSync(file)) !== pkg.sha256)
            throw new StepFailure('The staged package is damaged');
          state.staged = file;
        },
      },
      {
        name: 'Install package',
        run: (state) => {
          const dir = path.join(updates, 'installed');
          fs.mkdirSync(dir, { recursive: true });
          fs.copyFileSync(state.staged, path.join(dir, `${pkg.version}.pkg`));
          inTransaction(ctx.db, () => {
            writeState(
              ctx,
              'previous_appliance_version',
              readState(ctx, 'appliance_version') ?? INITIAL_APPLIANCE_VERSION,
            );
            writeState(ctx, 'appliance_version', pkg.version);
          });
        },
      },
      {
        name: 'Clean up',
        run: (state) => {
          fs.rmSync(state.staged, { force: true });
          state.bytes = null;
        },
      },
    ],
  };
}
