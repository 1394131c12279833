/**
 * A managing console for the fleet's tests: a real server (its own data directory) with the fleet turned on
 * (embedded nats-server and the enrolment listener on free loopback ports), and calls of its enrolment listener
 * made the way a joining appliance makes them (TLS trusted by the Fleet CA alone).
 */
import https from 'node:https';
import { freePort } from '../../support/pebble';
import { adminAgent, startServer, type Agent, type Harness } from '../support/harness';

export interface Manager {
  h: Harness;
  admin: Agent;
  natsPort: number;
  enrolPort: number;
  caPem: string;
  fingerprint: string;
  enrolAddress: string;
}

export async function startManager(): Promise<Manager> {
  const natsPort = await freePort();
  const enrolPort = await freePort();
  // The service manager runs its daemons here (the suite's default is RAMPART_SERVICES=off); DNS and SSH get free
  // ports should they be on.
  const h = await startServer({
    config: { services: 'embedded', dnsPort: await freePort(), sshPort: await freePort() },
  });
  const admin = await adminAgent(h);
  const res = await admin.put('/api/fleet/settings', {
    manage: true,
    nats: 'embedded',
    public_host: '127.0.0.1',
    listen_address: '127.0.0.1',
    nats_port: natsPort,
    enrol_port: enrolPort,
    external_url: '',
  });
  if (res.statusCode !== 200) throw new Error(`the fleet did not turn on: ${res.body}`);
  const { status } = res.json();
  if (status.problem) throw new Error(status.problem);
  const ca = await admin.get(`/api/pki/cas/${status.ca_id}/certificate?format=pem`);
  return {
    h,
    admin,
    natsPort,
    enrolPort,
    caPem: ca.body,
    fingerprint: status.ca_fingerprint_sha256,
    enrolAddress: status.enrol_address,
  };
}

/** Adds an appliance: its one-time code. */
export async function addAppliance(
  m: Manager,
  name: string,
  group?: string,
): Promise<{ id: string; code: string }> {
  const res = await m.admin.post('/api/fleet/appliances', { name, ...(group ? { group } : {}) });
  if (res.statusCode !== 201) throw new Error(`adding failed: ${res.body}`);
  return { id: res.json().appliance.id, code: res.json().code };
}

/** `POST /enrol` on the manager's listener, trusting the Fleet CA only. */
export interface EnrolReply {
  status: number;
  json: {
    detail?: string | Array<{ loc: Array<string | number>; msg: string; type: string }>;
    applianceId?: string;
    certificate?: string;
  };
}

export function enrolDirect(m: Manager, body: unknown): Promise<EnrolReply> {
  return new Promise((resolve, reject) => {
    const data = Buffer.from(JSON.stringify(body));
    const req = https.request(
      {
        host: '127.0.0.1',
        port: m.enrolPort,
        method: 'POST',
        path: '/enrol',
        ca: m.caPem,
        headers: { 'content-type': 'application/json', 'content-length': data.length },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            json: JSON.parse(Buffer.concat(chunks).toString() || 'null'),
          }),
        );
      },
    );
    req.on('error', reject);
    req.end(data);
  });
}
