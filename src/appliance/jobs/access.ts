/**
 * Who may see a job (its progress, steps and failure reason): the readers of what it works on. A backup or a restore
 * is the administrators' (targets, archives and every area); an update the readers of Updates; a configuration
 * document's apply the readers of every section it wrote (revisions/guards.ts); a service's own Apply the readers of
 * the sections that service applies (or its confirmation area); the configuration job (`POST jobs`) the readers of
 * Settings. A job of a kind not named here is the administrators'. To anyone else it does not exist (404).
 */
import type { ApplianceContext } from '../context';
import type { SessionUser } from '../auth/sessions';
import { privilegesOf } from '../auth/privileges';
import { allows, confirmationArea, type Area } from '../../shared/privileges';
import { mayReadAll } from '../revisions/guards';
import { sectionsOf } from '../revisions/sections';

/** What reading a job needs: the admin role, or read on every one of these sections and areas. */
export type JobNeed = 'admin' | { sections: string[]; areas: Area[] };

interface JobRow {
  id: string;
  type: string;
  payload: string | null;
}

function payloadOf(row: JobRow): Record<string, unknown> | null {
  if (!row.payload) return null;
  try {
    const value = JSON.parse(row.payload) as unknown;
    return value && typeof value === 'object' && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : {};
  } catch {
    return {};
  }
}

/** The need of one job, from its kind and payload as the feature that started it stored them. */
export function jobNeed(ctx: ApplianceContext, row: JobRow): JobNeed {
  if (row.type === 'upgrade') return { sections: [], areas: ['updates'] };
  if (row.type !== 'config') return 'admin';
  const payload = payloadOf(row);
  if (payload === null) return { sections: [], areas: ['settings'] };
  // Backups and restores (`kind`) are the administrators'.
  if (payload.kind !== undefined) return 'admin';
  const applied = ctx.db.prepare('SELECT sections FROM revision_applies WHERE job_id = ?').get(row.id) as
    { sections: string } | undefined;
  if (applied) return { sections: JSON.parse(applied.sections) as string[], areas: [] };
  const services: unknown[] = Array.isArray(payload.services) ? payload.services : [payload.service];
  const need = { sections: [] as string[], areas: [] as Area[] };
  for (const service of services) {
    if (typeof service !== 'string') return 'admin';
    const own = sectionsOf(ctx).filter((s) => s.service === service);
    // A service without sections of its own (the lockout policy's) is read with its confirmation area.
    const area = own.length ? null : confirmationArea(service);
    if (!own.length && !area) return 'admin';
    need.sections.push(...own.map((s) => s.name));
    if (area) need.areas.push(area);
  }
  return need;
}

function mayRead(ctx: ApplianceContext, user: SessionUser, need: JobNeed): boolean {
  if (user.role === 'admin') return true;
  if (need === 'admin') return false;
  const privileges = privilegesOf(ctx, user);
  return mayReadAll(ctx, user, need.sections) && need.areas.every((a) => allows(privileges, a, 'read'));
}

/** Whether the account may see the job (false for a job that does not exist). */
export function mayReadJob(ctx: ApplianceContext, user: SessionUser, id: string): boolean {
  if (user.role === 'admin') return true;
  const row = ctx.db.prepare('SELECT id, type, payload FROM jobs WHERE id = ?').get(id) as JobRow | undefined;
  return !!row && mayRead(ctx, user, jobNeed(ctx, row));
}

/** The jobs of a list the account may see, in their order; the others are left out without a trace. */
export function visibleJobs<J extends { id: string }>(
  ctx: ApplianceContext,
  user: SessionUser,
  jobs: J[],
): J[] {
  if (user.role === 'admin') return jobs;
  return jobs.filter((j) => mayReadJob(ctx, user, j.id));
}
