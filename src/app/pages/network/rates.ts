/** Throughput numbers for people: bytes per second scaled to one unit (1000-based, as §9 sizes). */
const RATE_UNITS = ['B/s', 'KB/s', 'MB/s', 'GB/s', 'TB/s'] as const;

export function rateParts(bytesPerSecond: number | null): { value: number; unit: string } {
  if (bytesPerSecond === null || !Number.isFinite(bytesPerSecond)) return { value: 0, unit: 'B/s' };
  let value = Math.max(0, bytesPerSecond);
  let unit = 0;
  while (value >= 1000 && unit < RATE_UNITS.length - 1) {
    value /= 1000;
    unit += 1;
  }
  return { value: Math.round(value * 100) / 100, unit: RATE_UNITS[unit] };
}

export function formatRate(bytesPerSecond: number | null): string {
  if (bytesPerSecond === null) return '–';
  const { value, unit } = rateParts(bytesPerSecond);
  return `${value} ${unit}`;
}

export function formatSpeed(mbps: number | null): string {
  if (mbps === null) return 'not reported';
  return mbps >= 1000 ? `${mbps / 1000} Gbit/s` : `${mbps} Mbit/s`;
}

/** The sum of the known rates of one direction, null when none is known yet. */
export function totalRate(values: ReadonlyArray<number | null>): number | null {
  const known = values.filter((v): v is number => v !== null);
  return known.length ? known.reduce((a, b) => a + b, 0) : null;
}

export const NETWORK_HELP = { to: '/help#network', label: 'Help: network' };
