import fs from 'node:fs';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import type { JobProgress } from '../../../src/appliance/jobs/runner';
import { storeSample } from '../../../src/appliance/network/samples';
import { parseDefaultGateway } from '../../../src/appliance/network/dashboard';
import { Agent, adminAgent, grantPrivileges, startServer, userAgent, type Harness } from '../support/harness';
import { openSse } from '../logs/sseClient';
import { contractProblems } from '../support/contracts';
import { throughputStream } from '../../../src/shared/contracts/network';

const good = {
  hostname: 'gateway-1',
  domain: 'example.net',
  dns_servers: ['192.0.2.53', '2001:db8::53'],
  ntp_servers: ['pool.ntp.org', '192.0.2.123'],
  timezone: 'Europe/Paris',
};

const until = async (check: () => Promise<boolean>, ms = 8000) => {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error('condition not reached');
};

describe('network API', () => {
  let h: Harness;
  let admin: Agent;
  let user: Agent;
  let anonymous: Agent;
  beforeAll(async () => {
    h = await startServer({ config: { applyConfirmSeconds: 1 } });
    admin = await adminAgent(h);
    user = await userAgent(h, 'watcher');
    // A user reads the network area through a group granting it (writes stay refused: see preview and save).
    await grantPrivileges(h, 'watcher', { network: 'read' });
    anonymous = new Agent(h.app);
    await anonymous.visit();
  });
  afterAll(() => h.close());

  it('lists the real interfaces to anonymous visitors without MAC or addresses', async () => {
    const res = await anonymous.get('/api/network/interfaces');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.signed_in).toBe(false);
    const names = fs
      .readFileSync('/proc/net/dev', 'utf8')
      .split('\n')
      .slice(2)
      .map((l) => l.split(':')[0].trim())
      .filter(Boolean);
    expect(body.data.map((i: { name: string }) => i.name)).toEqual(names);
    for (const i of body.data) {
      expect(i).not.toHaveProperty('mac');
      expect(i).not.toHaveProperty('addresses');
      expect(typeof i.rxBytes).toBe('number');
    }
  });

  it('shows MAC and addresses to signed-in users', async () => {
    const body = (await user.get('/api/network/interfaces')).json();
    expect(body.signed_in).toBe(true);
    const lo = body.data.find((i: { name: string }) => i.name === 'lo');
    expect(lo.loopback).toBe(true);
    expect(lo.addresses.map((a: { address: string }) => a.address)).toContain('127.0.0.1');
  });

  it('streams live throughput to anonymous visitors, and the counters move', async () => {
    await h.app.listen({ port: 0, host: '127.0.0.1' });
    const origin = `http://127.0.0.1:${(h.app.server.address() as AddressInfo).port}`;
    const conn = await openSse(`${origin}/eos/network/stream`);
    try {
      expect(conn.status).toBe(200);
      expect(conn.headers['content-type']).toBe('text/event-stream; charset=utf-8');
      await conn.waitFor((e) => e.filter((x) => x.event === 'sample').length >= 2, 5000);
      const [first, second] = conn.events.filter((e) => e.event === 'sample').map((e) => JSON.parse(e.data));
      const lo1 = first.interfaces.find((i: { name: string }) => i.name === 'lo');
      const lo2 = second.interfaces.find((i: { name: string }) => i.name === 'lo');
      expect(lo1.rxRate).toBeNull(); // no previous reading yet
      expect(lo2.rxBytes).toBeGreaterThan(lo1.rxBytes); // the stream itself goes over loopback
      expect(lo2.rxRate).toBeGreaterThan(0);
      expect(second.t).toBeGreaterThan(first.t);
      expect(JSON.stringify(second)).not.toMatch(/mac|address/i);
      // Each sample is what the stream's contract declares (the console drops what does not fit).
      for (const sample of [first, second])
        expect(contractProblems(throughputStream.events.sample, sample)).toEqual([]);
    } finally {
      conn.close();
    }
  });

  it('serves stored samples as rates to users only, and refuses bad ranges', async () => {
    expect((await anonymous.get('/api/network/samples')).statusCode).toBe(401);
    const now = Math.floor(Date.now() / 1000);
    const c = (rx: number, tx: number) => [
      {
        name: 'test0',
        rxBytes: rx,
        rxPackets: 0,
        rxErrors: 0,
        rxDropped: 0,
        txBytes: tx,
        txPackets: 0,
        txErrors: 0,
        txDropped: 0,
      },
    ];
    storeSample(h.ctx.db, now - 120, c(1000, 500), 0);
    storeSample(h.ctx.db, now - 60, c(7000, 1100), 0);
    const res = await user.get(`/api/network/samples?interface=test0&from=${now - 300}&to=${now}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().series).toEqual([
      { interface: 'test0', points: [{ t: now - 60, rx: 100, tx: 10 }], rxTotal: 6000, txTotal: 600 },
    ]);
    expect(res.json().interval_seconds).toBe(60);
    for (const [query, loc] of [
      ['from=yesterday', 'from'],
      ['to=-5', 'to'],
      ['interface=eth0;rm', 'interface'],
      [`from=${now}&to=${now - 10}`, 'from'],
      ['colour=red', 'colour'],
    ]) {
      const bad = await user.get(`/api/network/samples?${query}`);
      expect(bad.statusCode).toBe(422);
      expect(bad.json().detail.map((d: { loc: string[] }) => d.loc.join('.'))).toContain(`query.${loc}`);
    }
  });

  const applyAndWait = async (): Promise<JobProgress> => {
    const res = await admin.post('/api/network/preferences/apply');
    expect(res.statusCode).toBe(202);
    let job: JobProgress = res.json();
    await until(async () => {
      job = (await admin.get(`/api/jobs/${job.id}`)).json();
      return job.status !== 'running';
    });
    return job;
  };
  const etc = (file: string) => path.join(h.dataDir, 'network', 'etc', file);

  it('reads preferences from the host until saved, lists the platform time zones, and shows the files in the data directory', async () => {
    const res = await user.get('/api/network/preferences');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.saved).toBe(false);
    expect(body.status.pending_changes).toBe(false);
    expect(body.time_zones).toContain('UTC');
    expect(body.time_zones).toContain('Europe/Paris');
    const preview = (await user.get('/api/network/preferences/preview')).json();
    expect(preview.files.map((f: { path: string }) => f.path)).toEqual(
      ['hostname', 'hosts', 'resolv.conf', 'systemd/timesyncd.conf', 'timezone'].map(etc),
    );
    // The factory configuration is written on the first start, inside the data directory only.
    expect(fs.readFileSync(etc('timezone'), 'utf8')).toBe(`${body.data.timezone}\n`);
  });

  it.each([
    ['hostname', { hostname: 'bad_host' }, 'value_error.hostname'],
    ['hostname', { hostname: '-leading' }, 'value_error.hostname'],
    ['hostname', { hostname: 'trailing-' }, 'value_error.hostname'],
    ['hostname', { hostname: 'a.b' }, 'value_error.hostname'],
    ['hostname', { hostname: 'höst' }, 'value_error.hostname'],
    ['hostname', { hostname: '' }, 'value_error.hostname'],
    ['hostname', { hostname: 'x'.repeat(64) }, 'value_error.any_str.max_length'],
    ['hostname', { hostname: 42 }, 'type_error.str'],
    ['domain', { domain: 'exa mple.net' }, 'value_error.fqdn'],
    ['domain', { domain: 'example..net' }, 'value_error.fqdn'],
    ['dns_servers.0', { dns_servers: ['999.1.1.1'] }, 'value_error.ip'],
    ['dns_servers.0', { dns_servers: ['dns.example.net'] }, 'value_error.ip'],
    ['dns_servers.0', { dns_servers: ['192.0.2.1\nnameserver 6.6.6.6'] }, 'value_error.ip'],
    ['dns_servers.1', { dns_servers: ['192.0.2.1', '192.0.2.1'] }, 'value_error.duplicate'],
    [
      'dns_servers',
      { dns_servers: ['192.0.2.1', '192.0.2.2', '192.0.2.3', '192.0.2.4'] },
      'value_error.list.max_items',
    ],
    ['ntp_servers.0', { ntp_servers: ['ntp server'] }, 'value_error.host'],
    ['ntp_servers.0', { ntp_servers: ['pool.ntp.org\n[Time]'] }, 'value_error.host'],
    ['ntp_servers.1', { ntp_servers: ['pool.ntp.org', 'pool.ntp.org'] }, 'value_error.duplicate'],
    ['timezone', { timezone: 'Mars/Olympus' }, 'value_error.timezone'],
    ['timezone', { timezone: '../../etc/passwd' }, 'value_error.timezone'],
    ['timezone', { timezone: '' }, 'value_error.timezone'],
    ['extra', { extra: 1 }, 'value_error.extra'],
  ])('refuses a bad %s (%j) with a 422 item and keeps the saved values', async (loc, change, type) => {
    const before = (await admin.get('/api/network/preferences')).json().data;
    const res = await admin.put('/api/network/preferences', { ...good, ...change });
    expect(res.statusCode).toBe(422);
    const items = res.json().detail as Array<{ loc: Array<string | number>; type: string }>;
    expect(items).toContainEqual(
      expect.objectContaining({
        loc: ['body', ...loc.split('.').map((p) => (/^\d+$/.test(p) ? Number(p) : p))],
        type,
      }),
    );
    expect((await admin.get('/api/network/preferences')).json().data).toEqual(before);
  });

  it('lets only admins save and apply; saving writes nothing until the apply job renders the files', async () => {
    expect((await anonymous.put('/api/network/preferences', good)).statusCode).toBe(401);
    expect((await user.put('/api/network/preferences', good)).statusCode).toBe(403);
    expect((await user.post('/api/network/preferences/apply')).statusCode).toBe(403);
    const hostnameBefore = fs.readFileSync(etc('hostname'), 'utf8');

    const res = await admin.put('/api/network/preferences', good);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ saved: true, updated_by: 'admin', data: good });
    expect(res.json().status.pending_changes).toBe(true);
    expect(fs.readFileSync(etc('hostname'), 'utf8')).toBe(hostnameBefore);
    const preview = (await admin.get('/api/network/preferences/preview')).json();
    expect(preview.pending_changes).toBe(true);

    const job = await applyAndWait();
    expect(job.status).toBe('done');
    expect(job.details.map((s) => s.name)).toEqual([
      'Render network preferences configuration',
      'Check network preferences configuration',
      'Write network preferences configuration',
      'Activate network preferences configuration',
    ]);
    expect(fs.readFileSync(etc('hostname'), 'utf8')).toBe('gateway-1\n');
    expect(fs.readFileSync(etc('resolv.conf'), 'utf8')).toBe(
      '# Generated by Rampart from the network preferences\nsearch example.net\nnameserver 192.0.2.53\nnameserver 2001:db8::53\n',
    );
    expect(fs.readFileSync(etc('systemd/timesyncd.conf'), 'utf8')).toContain('NTP=pool.ntp.org 192.0.2.123');
    expect(fs.readFileSync(etc('timezone'), 'utf8')).toBe('Europe/Paris\n');
    // The preview showed what Apply then wrote, beside what was running before (for the diff).
    expect(
      preview.files.map(({ path, content }: { path: string; content: string }) => ({ path, content })),
    ).toEqual(
      ['hostname', 'hosts', 'resolv.conf', 'systemd/timesyncd.conf', 'timezone'].map((f) => ({
        path: etc(f),
        content: fs.readFileSync(etc(f), 'utf8'),
      })),
    );
    expect(preview.files[0].running).toBe(hostnameBefore);
    const again = (await user.get('/api/network/preferences')).json();
    expect(again).toMatchObject({ saved: true, updated_by: 'admin', data: good });
    expect(again.status).toMatchObject({ pending_changes: false, applied_by: 'admin' });
    // The host name changed: a change that can cut the admin off awaits confirmation; keep it.
    const [pending] = (await admin.get('/api/apply/confirmations')).json().data;
    expect(pending).toMatchObject({ service: 'network', changes: ['host name', 'domain'] });
    expect((await admin.post(`/api/apply/confirmations/${pending.id}/confirm`)).statusCode).toBe(200);
  });

  it('applies a new time zone without confirmation, and rolls an unkept host name back with its files', async () => {
    await admin.put('/api/network/preferences', { ...good, timezone: 'Asia/Tokyo' });
    expect((await applyAndWait()).status).toBe('done');
    expect((await admin.get('/api/apply/confirmations')).json().data).toEqual([]);
    expect(fs.readFileSync(etc('timezone'), 'utf8')).toBe('Asia/Tokyo\n');

    await admin.put('/api/network/preferences', { ...good, timezone: 'Asia/Tokyo', hostname: 'renamed' });
    expect((await applyAndWait()).status).toBe('done');
    expect(fs.readFileSync(etc('hostname'), 'utf8')).toBe('renamed\n');
    const [pending] = (await admin.get('/api/apply/confirmations')).json().data;
    expect(pending).toMatchObject({ service: 'network', changes: ['host name'] });
    await until(async () => (await admin.get('/api/apply/confirmations')).json().data.length === 0, 4000);
    expect(fs.readFileSync(etc('hostname'), 'utf8')).toBe('gateway-1\n');
    expect((await admin.get('/api/network/preferences')).json().data).toEqual({
      ...good,
      timezone: 'Asia/Tokyo',
    });
  });

  it('gives signed-in users the machine status for the home dashboard', async () => {
    expect((await anonymous.get('/api/system/status')).statusCode).toBe(401);
    await admin.login('admin', 'wrong password, on purpose');
    const res = await user.get('/api/system/status');
    expect(res.statusCode).toBe(200);
    const s = res.json();
    expect(s.memory.totalBytes).toBeGreaterThan(s.memory.freeBytes);
    expect(s.disk.totalBytes).toBeGreaterThan(0);
    expect(s.uptime_seconds).toBeGreaterThan(0);
    expect(s.appliance_version).toBe('1.0.0');
    expect(s.cpu_percent === null || (s.cpu_percent >= 0 && s.cpu_percent <= 100)).toBe(true);
    expect(s.services.map((x: { name: string }) => x.name)).toContain('Network sampler');
    // The watcher cannot read the logs area: no log entries, said as null rather than as "no warnings".
    expect(s.recent_events).toBeNull();
    const full = (await admin.get('/api/system/status')).json();
    expect(full.recent_events.some((e: { message: string }) => /fail/i.test(e.message))).toBe(true);
  });

  it('summarises the dashboard in one answer, leaving out the areas the account cannot read', async () => {
    expect((await anonymous.get('/api/dashboard')).statusCode).toBe(401);
    const guesser = new Agent(h.app);
    await guesser.visit();
    await guesser.login('watcher', 'not the password');
    const full = (await admin.get('/api/dashboard')).json();
    expect(full.host.version).toBe('1.0.0');
    expect(typeof full.host.hostname).toBe('string');
    expect(full.network.interfaces.some((i: { name: string }) => i.name === 'lo')).toBe(false);
    expect(full.dns).toEqual({
      enabled: expect.any(Boolean),
      port: expect.any(Number),
      dnssec: expect.any(Boolean),
    });
    expect(full.ssh.port).toEqual(expect.any(Number));
    expect(full.updates).toMatchObject({ current_version: '1.0.0', available: 0 });
    expect(full.certificates).toMatchObject({ window_days: 30, expiring: 0, expired: 0, soonest: [] });
    expect(full.sign_ins.failed).toBeGreaterThanOrEqual(1);
    expect(full.sign_ins.recent[0]).toMatchObject({ username: 'watcher', method: expect.any(String) });

    // The watcher reads only the network area: the other parts are absent, not refused.
    const res = await user.get('/api/dashboard');
    expect(res.statusCode).toBe(200);
    expect(Object.keys(res.json()).sort()).toEqual(['host', 'network']);
  });

  it('reads the default gateway from the kernel routing table', () => {
    const table = [
      'Iface\tDestination\tGateway \tFlags\tRefCnt\tUse\tMetric\tMask',
      'eth0\t0002000A\t00000000\t0001\t0\t0\t0\t00FFFFFF',
      'eth0\t00000000\t0102000A\t0003\t0\t0\t0\t00000000',
    ].join('\n');
    expect(parseDefaultGateway(table)).toBe('10.0.2.1');
    expect(parseDefaultGateway(table.split('\n').slice(0, 2).join('\n'))).toBeNull();
  });
});
