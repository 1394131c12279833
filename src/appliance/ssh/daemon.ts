/**
 * SSH as a daemon of the service manager (../apply/features.ts): sshd in the foreground, logging to stderr, on the
 * sshd_config, host keys and pid file of the data directory; whether it runs follows the applied settings, not the
 * saved ones.
 */
import path from 'node:path';
import type { FeatureDaemon } from '../apply/features';
import { sshdConfigPath, sshDir, type SshSnapshot } from './config';
import { ensurePrivsepDir } from './index';
import { ensureHostKeys } from './keys';
import { installSshPamService, removeSshPamService } from './pam';
import { sshService } from '../../shared/contracts/services';

export const sshDaemon: FeatureDaemon = {
  unit(ctx, manager) {
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
      // Its PAM service is its program's name: a link named after the appliance's own service file (pam.ts).
      program: (daemon) => {
        const { program, problem } = installSshPamService(ctx, daemon);
        return { file: program, warning: problem };
      },
      cleanup: () => removeSshPamService(ctx),
      // No listen address: sshd listens on every address (IPv4 and IPv6); one socket on the port is enough then.
      listeners: () => {
        const settings = manager.appliedSnapshot<SshSnapshot>('ssh')?.settings;
        if (!settings) return [];
        const addresses = settings.listen_addresses.length ? settings.listen_addresses : [null];
        return addresses.map((address) => ({ address, port: settings.port, protocol: 'tcp' as const }));
      },
    };
  },
  // Stopping or restarting SSH can end the sessions of whoever uses it: like its other changes, a recent sign-in.
  routes: { endpoints: sshService, area: 'ssh', reauth: true },
};
