/**
 * The work of the configuration job, on the appliance's own state.
 * - Apply configuration: snapshot the look-and-feel, images, menu and lockout policy into a configuration revision,
 *   validate the snapshot, and make it the active revision (the previous one is superseded).
 * Updates are jobs of their own, started only for signed packages (src/appliance/updates).
 */
import crypto from 'node:crypto';
import { LOCKOUT_LIMITS, readPolicy, type LockoutPolicy } from '../auth/lockout';
import { readMenu } from '../console/menu';
import { inTransaction, type ApplianceContext } from '../context';
import { HEX_COLOR } from '../http/scope';
import { sniffImage } from '../settings/images';
import { readUiSettings } from '../settings/routes';
import { StepFailure, type JobPlan } from './runner';

export const INITIAL_APPLIANCE_VERSION = '1.0.0';

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
