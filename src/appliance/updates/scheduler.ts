/**
 * Scheduled security-only updates: at the configured day and time (the appliance's local time) the repository is
 * checked and the newest security update of the channel, if any, is applied as a job. A tick runs every minute;
 * the clock and the interval are injectable so tests can move time. A slot runs once, and never for a slot that
 * had passed before the schedule was saved.
 */
import type { ApplianceContext } from '../context';
import { JobConflictError } from '../jobs/runner';
import { compareVersions } from './package';
import { readSettings, type ScheduleDay } from './store';
import { UpdateRefused, type Updates } from './service';

export const SCHEDULER_USER = 'scheduler';
export const SCHEDULER_TICK_MS = 60_000;

const DAY_INDEX: Record<Exclude<ScheduleDay, 'daily'>, number> = {
  sun: 0,
  mon: 1,
  tue: 2,
  wed: 3,
  thu: 4,
  fri: 5,
  sat: 6,
};

/** The latest scheduled moment at or before `now` (ms), in local time. */
export function lastSlot(now: number, day: ScheduleDay, time: string): number {
  const [h, m] = time.split(':').map(Number);
  const d = new Date(now);
  d.setHours(h, m, 0, 0);
  if (day === 'daily') {
    if (d.getTime() > now) d.setDate(d.getDate() - 1);
    return d.getTime();
  }
  const back = (d.getDay() - DAY_INDEX[day] + 7) % 7;
  d.setDate(d.getDate() - back);
  if (d.getTime() > now) d.setDate(d.getDate() - 7);
  return d.getTime();
}

export class UpdateScheduler {
  private timer: NodeJS.Timeout | null = null;
  private running = false;

  constructor(
    private readonly ctx: ApplianceContext,
    private readonly updates: Updates,
    private readonly onError: (e: unknown) => void = () => {},
  ) {}

  start(intervalMs = SCHEDULER_TICK_MS): void {
    this.timer = setInterval(() => {
      // A server closed without its hooks (a crashed test, a failed start) must not tick on a closed database.
      if (!this.ctx.db.open) return this.stop();
      this.tick().catch(this.onError);
    }, intervalMs);
    this.timer.unref();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  /** Runs the due slot, if one is due: returns the version whose job was started, or null. */
  async tick(): Promise<string | null> {
    if (this.running) return null;
    const { db } = this.ctx;
    const s = readSettings(db);
    if (s.schedule_enabled !== 1) return null;
    const now = this.ctx.now();
    const slot = lastSlot(now, s.schedule_day, s.schedule_time);
    if (slot <= s.schedule_last_run_at || slot <= s.schedule_updated_at) return null;
    this.running = true;
    try {
      db.prepare('UPDATE update_settings SET schedule_last_run_at = ? WHERE id = 1').run(slot);
      const status = await this.updates.check(SCHEDULER_USER);
      const next = status.available
        .filter((u) => u.security)
        .sort((a, b) => compareVersions(b.version, a.version))[0];
      if (!next) return null;
      this.updates.apply(next.version, SCHEDULER_USER);
      return next.version;
    } catch (e) {
      // A running job or a refused package waits for the next slot; anything else is logged by the owner.
      if (!(e instanceof JobConflictError || e instanceof UpdateRefused)) this.onError(e);
      return null;
    } finally {
      this.running = false;
    }
  }
}
