/**
 * Apply tells the truth about the daemon (issue 38): with the new port already taken by another program, the job
 * fails with the daemon's own reason (unbound "could not open ports", sshd "Cannot bind any address"), the previous
 * configuration is put back and serves again on the old port, and nothing is left to keep. A pending change is kept
 * only while its daemon serves it. Real unbound and sshd on loopback, as test/appliance/services/daemons.test.ts.
 */
import dgram from 'node:dgram';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { JobProgress } from '../../../src/appliance/jobs/runner';
import type { ServiceState } from '../../../src/appliance/services';
import { adminAgent, startServer, type Agent, type Harness } from '../support/harness';
import { exec, until } from '../support/daemons';
import { requireTool } from '../support/tools';

const DNS_PORT = 47363;
const DNS_TAKEN = 47364;
const SSH_PORT = 47332;
const SSH_TAKEN = 47333;
const SSH_FREE = 47334;

/** Another program holding a loopback port, over TCP and UDP as a DNS server would. */
async function occupy(port: number): Promise<() => Promise<void>> {
  const tcp = net.createServer((s) => s.destroy());
  await new Promise<void>((resolve) => tcp.listen(port, '127.0.0.1', resolve));
  const udp = dgram.createSocket('udp4');
  await new Promise<void>((resolve) => udp.bind(port, '127.0.0.1', resolve));
  return async () => {
    udp.close();
    await new Promise((r) => tcp.close(r));
  };
}

describe('Apply with the real daemons, when the new port is taken', () => {
  const dig = requireTool('dig');
  const keyscan = requireTool('ssh-keyscan');
  requireTool('unbound');
  requireTool('sshd');
  let home = '';
  let h: Harness;
  let admin: Agent;
  const releases: Array<() => Promise<void>> = [];

  beforeAll(async () => {
    // Under the home directory, not /tmp: sshd's StrictModes (see daemons.test.ts).
    home = fs.mkdtempSync(path.join(os.homedir(), '.rampart-applytruth-test-'));
    const dataDir = path.join(home, 'data');
    fs.mkdirSync(dataDir, { mode: 0o700 });
    h = await startServer({
      dataDir,
      config: { services: 'embedded', dnsPort: DNS_PORT, sshPort: SSH_PORT, applyConfirmSeconds: 120 },
    });
    admin = await adminAgent(h);
    releases.push(await occupy(DNS_TAKEN), await occupy(SSH_TAKEN));
  });
  afterAll(async () => {
    for (const release of releases) await release();
    if (h) await h.close();
    if (home) fs.rmSync(home, { recursive: true, force: true });
  });

  const state = async (name: 'dns' | 'ssh'): Promise<ServiceState> =>
    (await admin.get(name === 'dns' ? '/api/dns/proxy/service' : '/api/ssh/service')).json();
  const dnsAnswers = async (port: number) =>
    (
      await exec(dig, ['@127.0.0.1', '-p', String(port), '+tries=1', '+time=2', 'localhost.', 'A'])
    ).out.includes('status: NOERROR');
  const sshAnswers = async (port: number) =>
    (await exec(keyscan, ['-p', String(port), '-T', '3', '127.0.0.1'])).out.includes('ssh-ed25519');

  /** Starts the apply with a POST and waits for its end, whatever it is. */
  async function applyEnd(url: string): Promise<JobProgress> {
    const res = await admin.post(url);
    expect(res.statusCode).toBe(202);
    const id = (res.json() as JobProgress).id;
    return until(
      'the apply job ends',
      async () => {
        const j: JobProgress = (await admin.get(`/api/jobs/${id}`)).json();
        return j.status !== 'running' && j;
      },
      60_000,
    );
  }

  it('starts both daemons serving on their ports', async () => {
    await until(
      'unbound answers',
      async () => (await state('dns')).status === 'running' && dnsAnswers(DNS_PORT),
    );
    await until(
      'sshd answers',
      async () => (await state('ssh')).status === 'running' && sshAnswers(SSH_PORT),
    );
  });

  it('fails the DNS apply with unbound’s reason and serves the previous configuration again', async () => {
    const settings = (await admin.get('/api/dns/proxy')).json().settings;
    expect((await admin.put('/api/dns/proxy/settings', { ...settings, port: DNS_TAKEN })).statusCode).toBe(
      200,
    );
    const job = await applyEnd('/api/dns/proxy/apply');
    expect(job.status).toBe('failed');
    expect(job.reason).toMatch(
      /^DNS proxy could not serve the new configuration: unbound exited with status 1: .*could not open ports\. The previous configuration was put back and serves again\.$/,
    );
    expect(job.details.find((d) => d.status === 'failed')?.name).toBe('Activate DNS proxy configuration');
    expect(await dnsAnswers(DNS_PORT)).toBe(true);
    expect(fs.readFileSync(path.join(h.dataDir, 'etc', 'unbound', 'unbound.conf'), 'utf8')).toContain(
      `port: ${DNS_PORT}\n`,
    );
    // The admin's settings stay saved, not applied: corrected and applied again, they serve.
    expect((await admin.get('/api/dns/proxy')).json()).toMatchObject({
      settings: { port: DNS_TAKEN },
      status: { pending_changes: true },
    });
    expect((await admin.get('/api/dashboard')).json().dns.daemon).toEqual({
      status: 'running',
      message: null,
    });
    expect((await admin.put('/api/dns/proxy/settings', settings)).statusCode).toBe(200);
  });

  it('fails the SSH apply with sshd’s reason, opens nothing to keep, and serves the old port again', async () => {
    const settings = (await admin.get('/api/ssh/config')).json().settings;
    expect((await admin.put('/api/ssh/config/settings', { ...settings, port: SSH_TAKEN })).statusCode).toBe(
      200,
    );
    const job = await applyEnd('/api/ssh/config/apply');
    expect(job.status).toBe('failed');
    expect(job.reason).toMatch(
      /^SSH could not serve the new configuration: sshd exited with status 255: Cannot bind any address\. The previous configuration was put back and serves again\.$/,
    );
    expect((await admin.get('/api/apply/confirmations')).json().data).toEqual([]);
    expect(await sshAnswers(SSH_PORT)).toBe(true);
    expect(fs.readFileSync(path.join(h.dataDir, 'etc', 'ssh', 'sshd_config'), 'utf8')).toContain(
      `Port ${SSH_PORT}\n`,
    );
    expect((await admin.put('/api/ssh/config/settings', settings)).statusCode).toBe(200);
  });

  it('keeps an SSH change only while sshd serves it', async () => {
    const settings = (await admin.get('/api/ssh/config')).json().settings;
    expect((await admin.put('/api/ssh/config/settings', { ...settings, port: SSH_FREE })).statusCode).toBe(
      200,
    );
    const job = await applyEnd('/api/ssh/config/apply');
    expect(job.status).toBe('done');
    expect(await sshAnswers(SSH_FREE)).toBe(true);
    const [pending] = (await admin.get('/api/apply/confirmations')).json().data as Array<{ id: string }>;
    expect((await admin.post('/api/ssh/service/stop')).statusCode).toBe(200);
    const refused = await admin.post(`/api/apply/confirmations/${pending.id}/confirm`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().detail[0]).toMatchObject({
      type: 'value_error.confirmation.not_serving',
      msg: expect.stringMatching(/^SSH does not serve this configuration \(.+\); it cannot be kept/),
    });
    expect((await admin.post('/api/ssh/service/start')).statusCode).toBe(200);
    await until('sshd serves the new port', async () => sshAnswers(SSH_FREE));
    expect((await admin.post(`/api/apply/confirmations/${pending.id}/confirm`)).statusCode).toBe(200);
  });
});
