import dgram from 'node:dgram';
import net from 'node:net';
import { createLogStore } from '../../../src/appliance/logs/store';
import { parseSyslogMessage, splitTcpFrames, startSyslogReceiver } from '../../../src/appliance/logs/syslog';
import { tempDb } from './helpers';

const NOW = new Date(2026, 10, 22, 12, 0, 0);
const local = (mon: number, d: number, h: number, m: number, s: number, y = 2026) =>
  new Date(y, mon, d, h, m, s).getTime() / 1000;

describe('parseSyslogMessage', () => {
  it.each([
    [
      'RFC 5424 with structured data and BOM',
      '<34>1 2026-11-22T10:00:00.500Z host sshd 4321 ID47 [exampleSDID@32473 iut="3" eventSource="App\\]x"] \uFEFFAccepted publickey',
      {
        service: 'ssh',
        timestamp: Date.parse('2026-11-22T10:00:00.500Z') / 1000,
        message: 'sshd[4321]: Accepted publickey',
        // PRI 34 = facility 4 (auth) × 8 + severity 2.
        severity: 'critical',
      },
    ],
    [
      'RFC 5424 with nil values',
      '<13>1 - - - - - - hello',
      { service: 'system', timestamp: NOW.getTime() / 1000, message: 'hello', severity: 'notice' },
    ],
    [
      'RFC 5424 naming a service directly',
      '<14>1 2026-11-22T10:00:00Z fw dns - - - zone reloaded',
      {
        service: 'dns',
        timestamp: Date.parse('2026-11-22T10:00:00Z') / 1000,
        message: 'zone reloaded',
        severity: 'info',
      },
    ],
    [
      'RFC 3164 with host and tag[pid]',
      '<38>Nov 22 09:15:02 fw sshd[981]: Failed password for root',
      {
        service: 'ssh',
        timestamp: local(10, 22, 9, 15, 2),
        message: 'sshd[981]: Failed password for root',
        severity: 'info',
      },
    ],
    [
      'RFC 3164 without host',
      '<30>Nov  2 01:02:03 dnsmasq: query[A] example.com',
      {
        service: 'dns',
        timestamp: local(10, 2, 1, 2, 3),
        message: 'dnsmasq: query[A] example.com',
        severity: 'info',
      },
    ],
    [
      'RFC 3164 from December seen in November: last year',
      '<30>Dec 31 23:59:59 fw cron: tick',
      {
        service: 'system',
        timestamp: local(11, 31, 23, 59, 59, 2025),
        message: 'cron: tick',
        severity: 'info',
      },
    ],
    [
      'a bare line',
      'just text\n',
      // No PRI: RFC 3164's default, user.notice.
      { service: 'system', timestamp: NOW.getTime() / 1000, message: 'just text', severity: 'notice' },
    ],
    [
      'unicode and quotes',
      '<14>1 - - auth - - - ünïcødé "quoted"; semi',
      {
        service: 'auth',
        timestamp: NOW.getTime() / 1000,
        message: 'ünïcødé "quoted"; semi',
        severity: 'info',
      },
    ],
    [
      'an error of a daemon',
      '<27>Nov 22 09:15:02 fw unbound[12]: error: could not open port 53',
      {
        service: 'dns',
        timestamp: local(10, 22, 9, 15, 2),
        message: 'unbound[12]: error: could not open port 53',
        severity: 'error',
      },
    ],
    [
      'a warning in RFC 5424',
      '<12>1 2026-11-22T10:00:00Z fw ssh - - - host key changed',
      {
        service: 'ssh',
        timestamp: Date.parse('2026-11-22T10:00:00Z') / 1000,
        message: 'host key changed',
        severity: 'warning',
      },
    ],
  ])('parses %s', (_name, line, expected) => {
    expect(parseSyslogMessage(line, NOW)).toEqual(expected);
  });

  it('ignores empty lines', () => {
    expect(parseSyslogMessage('\r\n', NOW)).toBeNull();
  });
});

describe('splitTcpFrames', () => {
  it.each([
    ['octet counting', '11 <13>1 - a b11 <13>1 - c d', ['<13>1 - a b', '<13>1 - c d'], ''],
    ['newline framing', '<13>a\n<13>b\r\n<13>c', ['<13>a', '<13>b\r'], '<13>c'],
    ['a partial octet-counted frame', '20 <13>1 short', [], '20 <13>1 short'],
    ['multi-byte characters counted in octets', '7 <1>éé', ['<1>éé'], ''],
  ])('splits %s', (_name, input, frames, rest) => {
    const out = splitTcpFrames(Buffer.from(input));
    expect(out.frames).toEqual(frames);
    expect(out.rest.toString()).toBe(rest);
    expect(out.error).toBeUndefined();
  });

  it('refuses an oversize frame', () => {
    expect(splitTcpFrames(Buffer.from('99999999 <13>x')).error).toBe('frame too large');
    expect(splitTcpFrames(Buffer.from('x'.repeat(70_000))).error).toBe('frame too large');
  });
});

async function freePort(): Promise<number> {
  const srv = net.createServer();
  await new Promise<void>((r) => srv.listen(0, '127.0.0.1', () => r()));
  const port = (srv.address() as net.AddressInfo).port;
  await new Promise((r) => srv.close(r));
  return port;
}

async function waitFor<T>(read: () => T, ok: (v: T) => boolean, timeoutMs = 3000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const v = read();
    if (ok(v) || Date.now() > deadline) return v;
    await new Promise((r) => setTimeout(r, 10));
  }
}

describe('startSyslogReceiver', () => {
  it('is off when the port is 0', async () => {
    const stop = await startSyslogReceiver({ store: { append: jest.fn() } as never, port: 0 });
    await expect(stop()).resolves.toBeUndefined();
  });

  it('stores lines received over UDP and TCP (both framings)', async () => {
    const { db } = tempDb();
    const store = createLogStore(db, { retentionDays: 30, retentionCount: 1000, pruneIntervalMs: 0 });
    const port = await freePort();
    const stop = await startSyslogReceiver({ store, port });
    try {
      const udp = dgram.createSocket('udp4');
      await new Promise<void>((r) =>
        udp.send('<38>Nov 22 09:15:02 fw sshd[1]: over udp', port, '127.0.0.1', () => r()),
      );
      udp.close();
      const tcp = net.connect(port, '127.0.0.1');
      await new Promise((r) => tcp.once('connect', r));
      const framed = '<14>1 - - dns - - - octet counted';
      tcp.write(`${Buffer.byteLength(framed)} ${framed}`);
      tcp.write('<14>1 - - auth - - - newline framed\n');
      tcp.end();
      const messages = await waitFor(
        () =>
          store
            .query()
            .map((e) => `${e.service}:${e.message}`)
            .sort(),
        (v) => v.length === 3,
      );
      expect(messages).toEqual(['auth:newline framed', 'dns:octet counted', 'ssh:sshd[1]: over udp']);
    } finally {
      await stop();
      db.close();
    }
  });

  it('refuses to start on a port already taken', async () => {
    const taken = net.createServer();
    await new Promise<void>((r) => taken.listen(0, '127.0.0.1', () => r()));
    const port = (taken.address() as net.AddressInfo).port;
    await expect(startSyslogReceiver({ store: { append: jest.fn() } as never, port })).rejects.toThrow(
      /EADDRINUSE/,
    );
    await new Promise((r) => taken.close(r));
  });
});
