/**
 * The DNS proxy as a daemon of the service manager (../apply/features.ts): unbound in the foreground on the
 * unbound.conf of the data directory; whether it runs follows the applied settings, not the saved ones. Its reply
 * and local-action lines are DNS query records, not log entries.
 */
import path from 'node:path';
import type { FeatureDaemon } from '../apply/features';
import type { DnsSnapshot } from './proxy';
import { queryLogOf } from './querylog';
import { parseQueryLine } from './querylog/parse';
import { unboundConfPath, unboundDir } from './unbound';
import { dnsService } from '../../shared/contracts/services';

export const dnsDaemon: FeatureDaemon = {
  unit(ctx, manager) {
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
      onLine: (line, at) => queryLogOf(ctx)?.recorder.line(line, at ?? undefined) ?? false,
      ownsLine: (line) => parseQueryLine(line).kind !== 'other',
      journalCursorFile: path.join(unboundDir(ctx.config.dataDir), 'journal.cursor'),
      // unbound answers over UDP and TCP on each listen address.
      listeners: () => {
        const settings = manager.appliedSnapshot<DnsSnapshot>('dns')?.settings;
        if (!settings) return [];
        const addresses = settings.listen_interfaces.length ? settings.listen_interfaces : [null];
        return addresses.flatMap((address) =>
          (['udp', 'tcp'] as const).map((protocol) => ({ address, port: settings.port, protocol })),
        );
      },
    };
  },
  routes: { endpoints: dnsService, area: 'dns', reauth: false },
};
