/**
 * An appliance's state in words, from its enrolment record and its newest state record (`live`): pending (its
 * one-time code not yet used), removed, never connected (enrolled, no state record yet), online, or offline since
 * the time its records stopped. Colour never says it alone: every state has its words.
 */
import { formatDateTime } from '../../../../lib/format';
import type { ConfigSync, FleetAppliance } from '../../../../shared/contracts/fleetEnrolment';
import type { AccentColor } from '../../../../widgets/DataTable';

export interface StateWords {
  /** The whole state: "Offline since Mon, 30 Nov 2026 | 10:15". */
  label: string;
  /** Its first words ("Offline") and the rest ("since …"), for a narrow table cell. */
  short: string;
  detail?: string;
  color: AccentColor;
}

const words = (short: string, color: AccentColor, detail?: string): StateWords => ({
  label: detail ? `${short} ${detail}` : short,
  short,
  ...(detail ? { detail } : {}),
  color,
});

const when = (iso: string | null | undefined) => (iso ? formatDateTime(Date.parse(iso)) : '—');

export function applianceState(a: FleetAppliance, now = Date.now()): StateWords {
  if (a.state === 'removed') return words('Removed', 'grey', when(a.removed_at));
  if (a.state === 'pending') {
    const expires = a.code_expires_at ? Date.parse(a.code_expires_at) : null;
    return expires !== null && expires < now
      ? words('Code expired', 'red', when(a.code_expires_at))
      : words('Pending code', 'gold', `until ${when(a.code_expires_at)}`);
  }
  if (!a.live) return words('Never connected', 'grey');
  if (a.live.presence === 'online') return words('Online', 'green');
  return words('Offline', 'red', `since ${when(a.live.offline_since ?? a.live.last_seen)}`);
}

export const CONFIG_WORDS: Record<ConfigSync, string> = {
  in_sync: 'In sync',
  changed_locally: 'Changed locally',
  unknown: 'Unknown',
};

/** "2 critical, 1 warning" (none: "None"). */
export function alertsText(alerts: { critical: number; warning: number; info: number }): string {
  const parts = (['critical', 'warning', 'info'] as const)
    .filter((s) => alerts[s] > 0)
    .map((s) => `${alerts[s]} ${s}`);
  return parts.length ? parts.join(', ') : 'None';
}

export const formatWhen = when;

const SERVICE_NAMES: Record<string, string> = { dns: 'DNS proxy', ssh: 'SSH' };
const SERVICE_STATES: Record<string, string> = {
  running: 'running',
  stopped: 'stopped',
  failed: 'failed',
  not_installed: 'not installed',
  unknown: 'unknown',
};

/** "DNS proxy running, SSH stopped" (as the appliance reports its services; none: "None reported"). */
export function servicesText(services: ReadonlyArray<{ name: string; state: string }>): string {
  if (!services.length) return 'None reported';
  return services
    .map((s) => `${SERVICE_NAMES[s.name] ?? s.name} ${SERVICE_STATES[s.state] ?? s.state}`)
    .join(', ');
}

/** "12 d 3 h", "3 h 20 min", "45 s". */
export function uptimeText(seconds: number): string {
  const d = Math.floor(seconds / 86_400);
  const h = Math.floor((seconds % 86_400) / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  if (d > 0) return `${d} d ${h} h`;
  if (h > 0) return `${h} h ${m} min`;
  return m > 0 ? `${m} min` : `${seconds} s`;
}

/** "Succeeded Mon, 30 Nov 2026 | 10:15", "Failed …", or "None ran". */
export function backupText(backup: { at: string; ok: boolean } | null): string {
  if (!backup) return 'None ran';
  return `${backup.ok ? 'Succeeded' : 'Failed'} ${when(backup.at)}`;
}

/**
 * The appliance's own console address as a link target: only an absolute http(s) URL (anything else an appliance
 * reports, `javascript:` included, is shown as text and never followed).
 */
export function consoleHref(url: string | null | undefined): string | null {
  if (!url) return null;
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'https:' || parsed.protocol === 'http:' ? parsed.href : null;
  } catch {
    return null;
  }
}
