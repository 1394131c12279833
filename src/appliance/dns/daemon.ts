/**
 * The daemons the appliance configures, as units of the service manager: the DNS proxy (unbound, foreground, its
 * unbound.conf from the data directory) and SSH (sshd, foreground, logging to stderr, its sshd_config, host keys and
 * pid file in the data directory). Whether each runs follows the applied settings, not the saved ones.
 */
import path from 'node:path';
import type { ApplyManager } from '../apply/manager';
import type { ApplianceContext } from '../context';
import type { DnsSnapshot } from '../dns/proxy';
import { queryLogOf } from '../dns/querylog';
import { unboundConfPath, unboundDir } from '../dns/unbound';
import { ensurePrivsepDir } from '../ssh';
import { sshdConfigPath, sshDir, type SshSnapshot } from '../ssh/config';
import { ensureHostKeys } from '../ssh/keys';
import type { ServiceUnit } from './types';

export function dnsUnit(ctx: ApplianceContext, manager: ApplyManager): ServiceUnit {
  const configFile = unboundConfPath(ctx.config.dataDir);
  return {
    name: 'dns',
    label: 'DNS proxy',
    daemon: 'unbound',
    absence: 'no DNS proxy runs',
    systemdUnit: 'unbound.service',
    enabled: () => manager.appliedSnapshot<DnsSnapshot>('dns')?.settings.enabled ?? false,
    args: () => ['-d', '-c', configFile],
    pidFile: path.join(unboundDir(ctx.config.dataDir), 'unbound.pid'),
    configFile,
    // Reply and local-action lines are DNS query records, not log entries.
    onLine: (line) => queryLogOf(ctx)?.recorder.line(line) ?? false,
  };
}

export function sshUnit(ctx: ApplianceContext, manager: ApplyManager): ServiceUnit {
  const configFile = sshdConfigPath(ctx.config.dataDir);
  const dir = sshDir(ctx.config.dataDir);
  return {
    name: 'ssh',
    label: 'SSH',
    daemon: 'sshd',
    absence: 'no SSH server runs',
    systemdUnit: 'ssh.service',
    enabled: () => manager.appliedSnapshot<SshSnapshot>('ssh')?.settings.enabled ?? false,
    // -D: foreground; -e: its log on stderr, which the supervisor stores under "ssh".
    args: () => ['-D', '-e', '-f', configFile],
    pidFile: path.join(dir, 'sshd.pid'),
    configFile,
    prepare: () => {
      ensureHostKeys(dir);
      const problem = ensurePrivsepDir();
      if (problem) throw new Error(problem);
    },
  };
}
