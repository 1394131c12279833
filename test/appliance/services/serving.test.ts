/**
 * Whether a daemon serves (src/appliance/services/serving.ts, supervisor `awaitServing`): the process itself must hold
 * a listening socket on each address and port; one held by another process does not count, and waiting for it ends
 * with the reason at the time-out. This test process plays the daemon.
 */
import dgram from 'node:dgram';
import net from 'node:net';
import { missingListeners, procAddress } from '../../../src/appliance/services/serving';
import { ServiceSupervisor } from '../../../src/appliance/services/supervisor';
import { stoppedState, type ServiceBackend, type ServiceUnit } from '../../../src/appliance/services/types';

const PORT = 47611;

it('writes addresses as the kernel tables do', () => {
  expect(procAddress('127.0.0.1')).toBe('0100007F');
  expect(procAddress('::1')).toBe('00000000000000000000000001000000');
  expect(procAddress('::ffff:127.0.0.1')).toBe('0000000000000000FFFF00000100007F');
  expect(procAddress('fe80::1:2')).toBe('000080FE000000000000000002000100');
});

describe('with a TCP and a UDP socket of its own', () => {
  let tcp: net.Server;
  let udp: dgram.Socket;
  beforeAll(async () => {
    tcp = net.createServer();
    await new Promise<void>((r) => tcp.listen(PORT, '127.0.0.1', r));
    udp = dgram.createSocket('udp6');
    await new Promise<void>((r) => udp.bind(PORT, '::1', r));
  });
  afterAll(async () => {
    udp.close();
    await new Promise((r) => tcp.close(r));
  });

  it('counts only the sockets of the process, on the address and protocol named', () => {
    const wanted = [
      { address: '127.0.0.1', port: PORT, protocol: 'tcp' as const },
      { address: '::1', port: PORT, protocol: 'udp' as const },
      { address: null, port: PORT, protocol: 'tcp' as const },
      { address: '127.0.0.2', port: PORT, protocol: 'tcp' as const },
      { address: '127.0.0.1', port: PORT, protocol: 'udp' as const },
    ];
    expect(missingListeners(process.pid, wanted)).toEqual(wanted.slice(3));
    // Another process (pid 1) does not hold them.
    expect(missingListeners(1, wanted.slice(0, 1))).toEqual(wanted.slice(0, 1));
  });

  it('waits for a daemon that does not listen on its port until the time-out, and says where it does not', async () => {
    const unit: ServiceUnit = {
      name: 'dns',
      label: 'DNS proxy',
      daemon: 'unbound',
      absence: 'no DNS proxy runs',
      systemdUnit: 'unbound.service',
      enabled: () => true,
      args: () => [],
      pidFile: '/nonexistent',
      configFile: '/nonexistent',
      listeners: () => [{ address: '127.0.0.1', port: PORT + 1, protocol: 'tcp' }],
    };
    const backend: ServiceBackend = {
      kind: 'embedded',
      start: async () => {},
      stop: async () => {},
      restart: async () => {},
      reload: async () => {},
      close: async () => {},
      state: async (u) => ({ ...stoppedState(u, 'embedded'), status: 'running', pid: process.pid }),
    };
    const supervisor = new ServiceSupervisor(backend);
    supervisor.register(unit);
    const started = Date.now();
    expect(await supervisor.awaitServing('dns', Date.now(), 400)).toEqual({
      status: 'failed',
      reason: `unbound does not listen on TCP 127.0.0.1:${PORT + 1} after 0.4 s`,
    });
    expect(Date.now() - started).toBeGreaterThanOrEqual(400);
    unit.listeners = () => [{ address: '127.0.0.1', port: PORT, protocol: 'tcp' }];
    expect(await supervisor.awaitServing('dns', Date.now(), 400)).toEqual({ status: 'serving' });
  });
});
