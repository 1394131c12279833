/**
 * Pure parsers of the kernel's text files the network pages read (Linux `/proc`): interface counters and CPU
 * times. Kept free of I/O so they are tested with table-driven samples.
 */

export interface InterfaceCounters {
  name: string;
  rxBytes: number;
  rxPackets: number;
  rxErrors: number;
  rxDropped: number;
  txBytes: number;
  txPackets: number;
  txErrors: number;
  txDropped: number;
}

/**
 * `/proc/net/dev`: two header lines, then `name: rx bytes packets errs drop fifo frame compressed multicast tx bytes
 * packets errs drop fifo colls carrier compressed`. Lines that do not have the 16 numbers are skipped.
 */
export function parseNetDev(text: string): InterfaceCounters[] {
  const out: InterfaceCounters[] = [];
  for (const line of text.split('\n')) {
    const colon = line.indexOf(':');
    if (colon < 0) continue;
    const name = line.slice(0, colon).trim();
    const fields = line
      .slice(colon + 1)
      .trim()
      .split(/\s+/);
    if (!name || fields.length < 16 || !fields.every((f) => /^\d+$/.test(f))) continue;
    const n = fields.map(Number);
    out.push({
      name,
      rxBytes: n[0],
      rxPackets: n[1],
      rxErrors: n[2],
      rxDropped: n[3],
      txBytes: n[8],
      txPackets: n[9],
      txErrors: n[10],
      txDropped: n[11],
    });
  }
  return out;
}

export interface CpuTimes {
  /** Jiffies spent busy (everything but idle and iowait). */
  busy: number;
  total: number;
}

/** The aggregate `cpu` line of `/proc/stat`; null when it is missing or malformed. */
export function parseCpuTimes(text: string): CpuTimes | null {
  const line = text.split('\n').find((l) => /^cpu\s/.test(l));
  if (!line) return null;
  const n = line.trim().split(/\s+/).slice(1).map(Number);
  if (n.length < 4 || n.some((v) => !Number.isFinite(v))) return null;
  // user nice system idle iowait irq softirq steal (guest times are already counted in user and nice).
  const total = n.slice(0, 8).reduce((a, b) => a + b, 0);
  const idle = n[3] + (n[4] ?? 0);
  return { busy: total - idle, total };
}

/** Busy share between two readings, 0–100; null without a usable interval. */
export function cpuPercent(before: CpuTimes, after: CpuTimes): number | null {
  const total = after.total - before.total;
  if (total <= 0) return null;
  return Math.min(100, Math.max(0, ((after.busy - before.busy) / total) * 100));
}

/** Bytes per second between two counter readings; a counter that went back (reset, wrap) gives null. */
export function ratePerSecond(before: number, after: number, seconds: number): number | null {
  if (seconds <= 0 || after < before) return null;
  return (after - before) / seconds;
}
