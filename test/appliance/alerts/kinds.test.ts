/**
 * The alert kinds beyond the PKI radar (updates waiting, safe-apply rollbacks, failing backups, remote syslog
 * targets failing or dropping), the thresholds an
 * admin sets, and the notification center's history with its read state kept per account on the appliance.
 */
import { emitApplianceEvent } from '../../../src/appliance/events';
import { Agent, adminAgent, startServer, type Harness } from '../support/harness';
import { createRootCa, issueServerCertificate } from '../support/pki';
import { freePort } from '../../support/pebble';

let h: Harness;
let admin: Agent;
beforeAll(async () => {
  h = await startServer();
  admin = await adminAgent(h);
}, 60_000);
afterAll(() => h.close());

interface AlertRow {
  id: number;
  key: string;
  kind: string;
  severity: string;
  state: string;
  summary: string;
  link: string;
  acknowledgeable: boolean;
}
const alerts = async (query = '') =>
  ((await admin.get(`/api/alerts${query}`)).json() as { data: AlertRow[] }).data;
const evaluate = () => admin.post('/api/alerts/evaluate', {});
const firingKeys = async () => (await alerts('?state=firing')).map((a) => a.key);
const silentLog = { error: () => undefined };

describe('updates', () => {
  const addPackage = (version: string, security: boolean) =>
    h.ctx.db
      .prepare(
        `INSERT INTO update_packages (version, channel, security, manifest, envelope, source, key_fingerprint, received_at)
         VALUES (?, 'stable', ?, '{}', x'00', 'repository', 'test', ?)`,
      )
      .run(version, security ? 1 : 0, Date.now());

  it('fires "available" for a newer package, and "security pending" once one is a security update', async () => {
    addPackage('9.1.0', false);
    await evaluate();
    const [available] = await alerts('?kind=updates_available');
    expect(available).toMatchObject({ state: 'firing', severity: 'info', link: '/updates/update' });
    expect(available.summary).toMatch(/Update 9\.1\.0 is available/);

    addPackage('9.2.0', true);
    await evaluate();
    expect(await firingKeys()).toContain('security_updates:appliance');
    expect(await firingKeys()).not.toContain('updates_available:appliance');
    const [security] = await alerts('?kind=security_updates');
    expect(security).toMatchObject({ severity: 'critical' });

    h.ctx.db.prepare('DELETE FROM update_packages').run();
    await evaluate();
    expect((await alerts('?kind=security_updates'))[0].state).toBe('resolved');
  });
});

describe('safe-apply rollbacks', () => {
  const rollback = (id: string, service: string, at: number) =>
    h.ctx.db
      .prepare(
        `INSERT INTO apply_confirmations (id, service, changes, previous_snapshot, previous_files, deadline_at, status, created_by, created_at, resolved_at)
         VALUES (?, ?, '["port"]', '{}', '[]', ?, 'rolled_back', 'admin', ?, ?)`,
      )
      .run(id, service, at, at - 60_000, at);

  it('fires when a change was rolled back and resolves once an admin acknowledges it', async () => {
    rollback('rb-1', 'ssh', Date.now() - 1000);
    await evaluate();
    const [alert] = await alerts('?kind=safe_apply_rollback&state=firing');
    expect(alert).toMatchObject({
      key: 'safe_apply_rollback:rb-1',
      link: '/ssh/config',
      acknowledgeable: true,
    });
    expect(alert.summary).toMatch(/SSH configuration change \(port\) was rolled back/);

    const ack = await admin.post(`/api/alerts/acknowledge/${alert.id}`, {});
    expect(ack.statusCode).toBe(200);
    expect(ack.json()).toMatchObject({ state: 'resolved', acknowledgeable: false });
    // Another kind ends with its cause, not with an acknowledgement.
    const other = (await alerts('?kind=security_updates'))[0];
    expect((await admin.post(`/api/alerts/acknowledge/${other.id}`, {})).statusCode).toBe(409);
  });

  it('resolves once the service is applied again successfully', async () => {
    const at = Date.now() - 500;
    rollback('rb-2', 'dns', at);
    await evaluate();
    expect(await firingKeys()).toContain('safe_apply_rollback:rb-2');
    h.ctx.db
      .prepare(
        `INSERT INTO apply_state (service, snapshot, files, applied_at, applied_by) VALUES ('dns', '{}', '[]', ?, 'admin')
         ON CONFLICT (service) DO UPDATE SET applied_at = excluded.applied_at, applied_by = excluded.applied_by`,
      )
      .run(at + 100);
    await evaluate();
    expect(await firingKeys()).not.toContain('safe_apply_rollback:rb-2');
  });
});

describe('backups', () => {
  it('fires on a failed backup of a target and resolves on its next success', async () => {
    emitApplianceEvent(
      h.ctx,
      'backupFinished',
      { ok: false, target: 'sftp://backup.example.net', error: 'connection refused' },
      silentLog,
    );
    const fired = await waitForAlert('backup_failed:sftp://backup.example.net', 'firing');
    expect(fired).toMatchObject({ severity: 'critical' });
    expect(fired.summary).toBe('The backup to sftp://backup.example.net failed: connection refused');
    emitApplianceEvent(h.ctx, 'backupFinished', { ok: true, target: 'sftp://backup.example.net' }, silentLog);
    await waitForAlert('backup_failed:sftp://backup.example.net', 'resolved');
  });
});

describe('log forwarding', () => {
  const target = async (name: string, queueLimit: number) => {
    const res = await admin.post('/api/forwarding/targets', {
      name,
      enabled: true,
      protocol: 'tcp',
      host: '127.0.0.1',
      port: await freePort(), // nothing listens there
      audit: true,
      services: [],
      tls_certificate_id: null,
      tls_ca_id: null,
      queue_limit: queueLimit,
    });
    expect(res.statusCode).toBe(201);
    return (res.json() as { id: number }).id;
  };

  it('warns while a collector is unreachable, is critical once records are dropped, resolves when removed', async () => {
    const waiting = await target('Collector down', 100_000);
    const dropping = await target('Small queue', 100);
    for (let i = 0; i < 150; i += 1) h.ctx.audit.record('settings', `flood ${i}`);
    const end = Date.now() + 15_000;
    let warned: AlertRow | undefined;
    while (!warned) {
      await evaluate();
      warned = (await alerts('?state=firing')).find((a) => a.key === `forwarding_failing:${waiting}`);
      if (Date.now() > end) throw new Error('the unreachable collector never raised an alert');
      if (!warned) await new Promise((r) => setTimeout(r, 200));
    }
    expect(warned).toMatchObject({ severity: 'warning', link: '/system/log-forwarding' });
    expect(warned.summary).toMatch(
      /^Log forwarding to Collector down cannot reach its collector: .+ \(\d+ records waiting\)$/,
    );

    const dropped = (await alerts('?state=firing')).find((a) => a.key === `forwarding_failing:${dropping}`);
    expect(dropped).toMatchObject({ severity: 'critical' });
    expect(dropped?.summary).toMatch(
      /^Log forwarding to Small queue is dropping records: its queue is full \(\d+ dropped so far\)/,
    );

    for (const id of [waiting, dropping])
      expect(
        (await admin.request({ method: 'DELETE', url: `/api/forwarding/targets/${id}` })).statusCode,
      ).toBe(204);
    await evaluate();
    const after = await alerts();
    for (const id of [waiting, dropping])
      expect(after.find((a) => a.key === `forwarding_failing:${id}`)?.state).toBe('resolved');
  }, 60_000);
});

async function waitForAlert(key: string, state: string): Promise<AlertRow> {
  const end = Date.now() + 10_000;
  for (;;) {
    const found = (await alerts()).find((a) => a.key === key && a.state === state);
    if (found) return found;
    if (Date.now() > end) throw new Error(`${key} never ${state}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe('thresholds', () => {
  it('are the radar’s defaults until an admin changes them, and a change is checked at once', async () => {
    expect((await admin.get('/api/alerts/settings')).json()).toEqual({
      expiry_days: [60, 30, 7, 1],
      lockout_threshold: 5,
    });
    const caId = await createRootCa(admin, 'Threshold Root');
    const cert = { id: await issueServerCertificate(admin, caId, 'far.example.test', 80) };
    await evaluate();
    expect(await firingKeys()).not.toContain(`certificate_expiry:${cert.id}`);

    const put = await admin.put('/api/alerts/settings', { expiry_days: [7, 90, 30], lockout_threshold: 3 });
    expect(put.statusCode).toBe(200);
    expect(put.json()).toEqual({ expiry_days: [90, 30, 7], lockout_threshold: 3 });
    expect(await firingKeys()).toContain(`certificate_expiry:${cert.id}`);
    expect((await admin.get('/api/alerts/settings')).json()).toMatchObject({ lockout_threshold: 3 });

    const bad = await admin.put('/api/alerts/settings', { expiry_days: [0], lockout_threshold: 3 });
    expect(bad.statusCode).toBe(422);
  });
});

describe('the notification center', () => {
  it('lists firing alerts first, then the resolved, with an unread count kept per account', async () => {
    const first = (await admin.get('/api/alerts/notifications')).json() as {
      unread: number;
      read_at: number | null;
      firing: AlertRow[];
      recent: AlertRow[];
    };
    expect(first.read_at).toBeNull();
    expect(first.firing.length).toBeGreaterThan(0);
    expect(first.firing.every((a) => a.state === 'firing')).toBe(true);
    expect(first.recent.every((a) => a.state === 'resolved')).toBe(true);
    expect(first.recent.map((a) => a.kind)).toContain('backup_failed');
    expect(first.unread).toBe(first.firing.length + first.recent.length);
    // Most severe first.
    const ranks = first.firing.map((a) => ['critical', 'warning', 'info'].indexOf(a.severity));
    expect(ranks).toEqual([...ranks].sort((a, b) => a - b));

    expect((await admin.post('/api/alerts/notifications/read', {})).statusCode).toBe(200);
    expect((await admin.get('/api/alerts/notifications')).json()).toMatchObject({ unread: 0 });

    emitApplianceEvent(h.ctx, 'backupFinished', { ok: false, target: 'nas', error: 'disk full' }, silentLog);
    await waitForAlert('backup_failed:nas', 'firing');
    expect((await admin.get('/api/alerts/notifications')).json()).toMatchObject({ unread: 1 });
  });
});
