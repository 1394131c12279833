/**
 * The embedded nats-server as a unit of the service manager (../services), beside unbound and sshd: in the
 * foreground on the configuration generated from natsConfig.ts in the data directory (TLS files, JetStream store,
 * pid file), its output in the log store under `fleet`. It runs while the fleet is managed with the embedded server;
 * an enrolment or a removal rewrites the configuration and reloads it (SIGHUP), which closes the connection of an
 * appliance that is no longer a user.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { ApplianceContext } from '../context';
import type { ServiceUnit } from '../services/types';
import type { FleetMaterial } from './material';
import { renderNatsConfig } from './natsConfig';
import { readFleetSettings } from './settings';

export const natsDir = (dataDir: string) => path.join(dataDir, 'fleet', 'nats');
export const natsConfPath = (dataDir: string) => path.join(natsDir(dataDir), 'nats-server.conf');

/** The ids of the appliances that are NATS users now (enrolled, not removed). */
export function admittedAppliances(ctx: ApplianceContext): string[] {
  return (
    ctx.db.prepare("SELECT id FROM fleet_appliances WHERE state = 'enrolled' ORDER BY id").all() as Array<{
      id: string;
    }>
  ).map((r) => r.id);
}

function writeFile(file: string, text: string): void {
  const tmp = `${file}.tmp`;
  fs.writeFileSync(tmp, text, { mode: 0o600 });
  fs.renameSync(tmp, file);
}

/** Writes the server's TLS files and its configuration for the appliances admitted now. */
export function writeNatsFiles(ctx: ApplianceContext, material: FleetMaterial): void {
  const dir = natsDir(ctx.config.dataDir);
  fs.mkdirSync(path.join(dir, 'jetstream'), { recursive: true, mode: 0o700 });
  const tls = {
    certFile: path.join(dir, 'server.crt'),
    keyFile: path.join(dir, 'server.key'),
    caFile: path.join(dir, 'ca.crt'),
  };
  writeFile(tls.certFile, material.server.certPem);
  writeFile(tls.keyFile, material.server.keyPem);
  writeFile(tls.caFile, material.ca.pem);
  writeNatsConfig(ctx);
}

export function writeNatsConfig(ctx: ApplianceContext): void {
  const dir = natsDir(ctx.config.dataDir);
  const settings = readFleetSettings(ctx.db);
  writeFile(
    natsConfPath(ctx.config.dataDir),
    renderNatsConfig({
      // Stable across restarts: JetStream keeps its state under the server's name.
      serverName: 'rampart_fleet',
      host: settings.listen_address,
      port: settings.nats_port,
      storeDir: path.join(dir, 'jetstream'),
      tls: {
        certFile: path.join(dir, 'server.crt'),
        keyFile: path.join(dir, 'server.key'),
        caFile: path.join(dir, 'ca.crt'),
      },
      appliances: admittedAppliances(ctx),
      maxPayloadBytes: 1024 * 1024,
      maxFileStoreBytes: 1024 * 1024 * 1024,
      maxMemoryStoreBytes: 64 * 1024 * 1024,
      pidFile: path.join(dir, 'nats-server.pid'),
    }),
  );
}

/** Waits for nats-server's next "Reloaded server configuration" line (an admission takes effect then). */
export class ReloadWatch {
  private waiters = new Set<() => void>();

  line(line: string): boolean {
    if (/Reloaded server configuration/.test(line)) {
      for (const w of [...this.waiters]) w();
      this.waiters.clear();
    }
    // Stored like every other line.
    return false;
  }

  /** Resolves on the next reload line, or after `ms` (a reload that was not needed logs nothing worse). */
  next(ms = 5000): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        resolve();
      }
      this.waiters.add(done);
    });
  }
}

export function natsUnit(ctx: ApplianceContext, reloads: ReloadWatch): ServiceUnit {
  const configFile = natsConfPath(ctx.config.dataDir);
  const settings = () => readFleetSettings(ctx.db);
  return {
    name: 'fleet',
    label: 'Fleet NATS server',
    daemon: 'nats-server',
    absence: 'no appliance can connect to this fleet',
    systemdUnit: 'nats-server.service',
    // Only once its files exist: the fleet writes them when it is turned on.
    enabled: () => {
      const s = settings();
      return s.manage && s.nats === 'embedded' && fs.existsSync(configFile);
    },
    args: () => ['-c', configFile],
    pidFile: path.join(natsDir(ctx.config.dataDir), 'nats-server.pid'),
    configFile,
    onLine: (line) => reloads.line(line),
    listeners: () => {
      const s = settings();
      const any = s.listen_address === '0.0.0.0' || s.listen_address === '::';
      return [{ address: any ? null : s.listen_address, port: s.nats_port, protocol: 'tcp' as const }];
    },
  };
}
