/**
 * Reads the machine the console runs on: interfaces (`/proc/net/dev`, `/sys/class/net/<name>/…`, and Node's
 * `os.networkInterfaces()` for addresses), CPU, memory, disk and uptime. Files the kernel does not provide (another
 * platform, a container without `/sys`) give `null` fields rather than invented values.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseCpuTimes, parseNetDev, type CpuTimes, type InterfaceCounters } from './procNet';

export interface HostPaths {
  procNetDev: string;
  procStat: string;
  sysClassNet: string;
}

export const LINUX_PATHS: HostPaths = {
  procNetDev: '/proc/net/dev',
  procStat: '/proc/stat',
  sysClassNet: '/sys/class/net',
};

export interface InterfaceAddress {
  address: string;
  family: 'IPv4' | 'IPv6';
  /** CIDR prefix length. */
  prefix: number | null;
}

export interface NetworkInterface extends InterfaceCounters {
  /** `up`, `down`, `unknown` (the kernel's operstate; loopback reports `unknown`), … */
  state: string;
  mtu: number | null;
  /** Link speed in Mbit/s, null where the driver does not say (virtual links, loopback, link down). */
  speedMbps: number | null;
  mac: string | null;
  loopback: boolean;
  addresses: InterfaceAddress[];
}

const readText = (file: string): string | null => {
  try {
    return fs.readFileSync(file, 'utf8');
  } catch {
    return null;
  }
};

const readNumber = (file: string): number | null => {
  const text = readText(file)?.trim();
  if (!text || !/^-?\d+$/.test(text)) return null;
  const n = Number(text);
  return n >= 0 ? n : null; // a speed of -1 means "unknown"
};

export function readCounters(paths: HostPaths = LINUX_PATHS): InterfaceCounters[] {
  const text = readText(paths.procNetDev);
  return text ? parseNetDev(text) : [];
}

export function readInterfaces(paths: HostPaths = LINUX_PATHS): NetworkInterface[] {
  const nodeView = os.networkInterfaces();
  return readCounters(paths).map((c) => {
    const dir = path.join(paths.sysClassNet, path.basename(c.name));
    const infos = nodeView[c.name] ?? [];
    const sysMac = readText(path.join(dir, 'address'))?.trim() || null;
    const mac = sysMac ?? infos.find((i) => i.mac)?.mac ?? null;
    return {
      ...c,
      state: readText(path.join(dir, 'operstate'))?.trim() || 'unknown',
      mtu: readNumber(path.join(dir, 'mtu')),
      speedMbps: readNumber(path.join(dir, 'speed')),
      mac: mac === '00:00:00:00:00:00' ? null : mac,
      loopback: infos.some((i) => i.internal) || readNumber(path.join(dir, 'type')) === 772,
      addresses: infos.map((i) => ({
        address: i.address,
        family: i.family,
        prefix: i.cidr ? Number(i.cidr.split('/')[1]) : null,
      })),
    };
  });
}

export function readCpuTimes(paths: HostPaths = LINUX_PATHS): CpuTimes | null {
  const text = readText(paths.procStat);
  return text ? parseCpuTimes(text) : null;
}

export interface DiskUsage {
  path: string;
  totalBytes: number;
  freeBytes: number;
}

/** Usage of the file system holding `dir` (the data directory: where the appliance writes). */
export function readDisk(dir: string): DiskUsage | null {
  try {
    const s = fs.statfsSync(dir);
    return { path: path.resolve(dir), totalBytes: s.blocks * s.bsize, freeBytes: s.bavail * s.bsize };
  } catch {
    return null;
  }
}

export interface MemoryUsage {
  totalBytes: number;
  freeBytes: number;
}

export const readMemory = (): MemoryUsage => ({ totalBytes: os.totalmem(), freeBytes: os.freemem() });
export const readUptimeSeconds = (): number => Math.floor(os.uptime());
export const readLoad = (): [number, number, number] => os.loadavg() as [number, number, number];
