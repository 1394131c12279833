/**
 * The home dashboard's snapshot of the machine and the appliance: CPU (busy share since the previous reading),
 * memory, disk of the data directory, uptime, installed version, running jobs, the state of the parts this process
 * runs, and recent log entries whose text reports a failure or a warning (log entries carry no level).
 */
import type { ApplianceContext } from '../context';
import { INITIAL_APPLIANCE_VERSION, readState } from '../jobs/steps';
import { readDisk, readLoad, readMemory, readUptimeSeconds, type DiskUsage, type MemoryUsage } from './host';
import { cpuPercent, type CpuTimes } from './procNet';

export interface ServiceState {
  name: string;
  state: 'running' | 'off';
  detail: string;
}

export interface RecentEvent {
  id: number;
  service: string;
  timestamp: number;
  message: string;
}

export interface SystemStatus {
  cpu_percent: number | null;
  load: [number, number, number];
  memory: MemoryUsage;
  disk: DiskUsage | null;
  uptime_seconds: number;
  appliance_version: string;
  running_jobs: number;
  services: ServiceState[];
  recent_events: RecentEvent[];
}

/** Words that mark a log message as a warning or an error (the audit trail's failures, refusals and lockouts). */
export const ATTENTION_PATTERN = [
  '%fail%',
  '%error%',
  '%warn%',
  '%denied%',
  '%refused%',
  '%locked%',
  '%invalid%',
];
/** Severities that need attention whatever the message says. */
export const ATTENTION_SEVERITIES = ['emergency', 'alert', 'critical', 'error', 'warning'];
export const RECENT_EVENTS_LIMIT = 8;

/** CPU share between calls, re-read at most every `minMs` so a burst of dashboards does not measure nothing. */
export function createCpuMeter(read: () => CpuTimes | null, minMs = 500) {
  let before: { at: number; times: CpuTimes } | null = null;
  let value: number | null = null;
  return async (): Promise<number | null> => {
    const now = Date.now();
    if (before && now - before.at < minMs) return value;
    if (!before) {
      const first = read();
      if (!first) return null;
      before = { at: now, times: first };
      await new Promise((r) => setTimeout(r, 200));
    }
    const times = read();
    if (!times) return null;
    value = cpuPercent(before.times, times);
    before = { at: Date.now(), times };
    return value;
  };
}

export function recentAttentionEvents(ctx: ApplianceContext, limit = RECENT_EVENTS_LIMIT): RecentEvent[] {
  const hasLogs = ctx.db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'logs'").get();
  if (!hasLogs) return [];
  // The log store's table in the same database (read only); its schema is the log service's.
  const words = ATTENTION_PATTERN.map(() => 'message LIKE ?').join(' OR ');
  // Entries that say their severity (a daemon that died and is restarted: a warning) count whatever their words.
  const hasSeverity = (ctx.db.prepare('PRAGMA table_info(logs)').all() as Array<{ name: string }>).some(
    (c) => c.name === 'severity',
  );
  const where = hasSeverity
    ? `${words} OR severity IN (${ATTENTION_SEVERITIES.map(() => '?').join(', ')})`
    : words;
  return ctx.db
    .prepare(`SELECT id, service, timestamp, message FROM logs WHERE ${where} ORDER BY id DESC LIMIT ?`)
    .all(...ATTENTION_PATTERN, ...(hasSeverity ? ATTENTION_SEVERITIES : []), limit) as RecentEvent[];
}

export async function systemStatus(
  ctx: ApplianceContext,
  cpu: () => Promise<number | null>,
  services: ServiceState[],
): Promise<SystemStatus> {
  const running = ctx.db.prepare("SELECT COUNT(*) AS n FROM jobs WHERE status = 'running'").get() as {
    n: number;
  };
  return {
    cpu_percent: await cpu(),
    load: readLoad(),
    memory: readMemory(),
    disk: readDisk(ctx.config.dataDir),
    uptime_seconds: readUptimeSeconds(),
    appliance_version: readState(ctx, 'appliance_version') ?? INITIAL_APPLIANCE_VERSION,
    running_jobs: running.n,
    services,
    recent_events: recentAttentionEvents(ctx),
  };
}
