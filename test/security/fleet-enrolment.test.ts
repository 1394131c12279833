/**
 * Fleet enrolment refusals, closed as a class (a new case is one row): the enrolment listener refuses a wrong,
 * reused, expired or withdrawn code, a CSR whose key fails the key policy or whose signature does not verify, and a
 * body outside its contract — each with the console's error items, the code left as it was (a refused request loses
 * nothing); the joining side refuses a fingerprint that does not match the listener's CA before sending anything, and
 * addresses that are not the listener's. Guessed codes are rate-limited per source address, like sign-ins.
 */
import crypto from 'node:crypto';
import * as x509 from '@peculiar/x509';
import { keyAndCsr } from '../../src/appliance/fleet/keys';
import { freePort } from '../support/pebble';
import { addAppliance, enrolDirect, startManager, type Manager } from '../appliance/fleet/enrolSupport';

jest.setTimeout(120_000);

let m: Manager;
let goodCsr: string;

beforeAll(async () => {
  m = await startManager();
  goodCsr = (await keyAndCsr('CN=whoever')).csrPem;
});
afterAll(() => m?.h.close());

const pem = (label: string, der: ArrayBuffer | Buffer) =>
  `-----BEGIN ${label}-----\n${Buffer.from(der as ArrayBuffer)
    .toString('base64')
    .replace(/.{64}/g, '$&\n')}\n-----END ${label}-----\n`;

/** A CSR of a 1024-bit RSA key (below the key policy). */
async function weakCsr(): Promise<string> {
  const { privateKey, publicKey } = crypto.generateKeyPairSync('rsa', { modulusLength: 1024 });
  const alg = { name: 'RSASSA-PKCS1-v1_5', hash: 'SHA-256' };
  const keys = {
    privateKey: await crypto.webcrypto.subtle.importKey(
      'pkcs8',
      privateKey.export({ type: 'pkcs8', format: 'der' }),
      alg,
      true,
      ['sign'],
    ),
    publicKey: await crypto.webcrypto.subtle.importKey(
      'spki',
      publicKey.export({ type: 'spki', format: 'der' }),
      alg,
      true,
      ['verify'],
    ),
  };
  const csr = await x509.Pkcs10CertificateRequestGenerator.create({
    name: 'CN=weak',
    keys,
    signingAlgorithm: alg,
  });
  return csr.toString('pem');
}

/** A good request with one bit of its signature flipped. */
function forgedCsr(): string {
  const der = Buffer.from(new x509.Pkcs10CertificateRequest(goodCsr).rawData);
  der[der.length - 1] ^= 0x01;
  return pem('CERTIFICATE REQUEST', der);
}

const state = (id: string) =>
  (m.h.ctx.db.prepare('SELECT state FROM fleet_appliances WHERE id = ?').get(id) as { state: string }).state;

interface Refusal {
  status: number;
  detail: unknown;
}

/** A case: its name, what it sends (given a fresh appliance's id and code), and what must come back. */
type Case = [
  what: string,
  send: (a: { id: string; code: string }) => Promise<Refusal>,
  status: number,
  type: string | RegExp,
  loc: Array<string | number>,
  /**
   * The appliance's state afterwards: nothing was lost, nothing half-done; `pending` means its code still enrols a
   * good request (`pending (expired)`: still pending, its code no longer usable).
   */
  after: string,
];

const direct = async (body: unknown): Promise<Refusal> => {
  const r = await enrolDirect(m, body);
  return { status: r.status, detail: r.json.detail };
};
const join = async (body: { code: string; address?: string; fingerprint?: string }): Promise<Refusal> => {
  const r = await m.admin.post('/api/fleet/join', {
    address: m.enrolAddress,
    fingerprint: m.fingerprint,
    ...body,
  });
  return { status: r.statusCode, detail: r.json().detail };
};

const CASES: Case[] = [
  [
    'a wrong code',
    () => direct({ code: 'not-a-code-of-this-fleet', csr: goodCsr }),
    422,
    'value_error.fleet.code',
    ['body', 'code'],
    'pending',
  ],
  [
    'a reused code',
    async ({ code }) => {
      expect((await enrolDirect(m, { code, csr: goodCsr })).status).toBe(200);
      return direct({ code, csr: goodCsr });
    },
    409,
    'value_error.fleet.code_used',
    ['body', 'code'],
    'enrolled',
  ],
  [
    'an expired code',
    ({ id, code }) => {
      m.h.ctx.db
        .prepare('UPDATE fleet_appliances SET code_expires_at = ? WHERE id = ?')
        .run(Date.now() - 1, id);
      return direct({ code, csr: goodCsr });
    },
    422,
    'value_error.fleet.code_expired',
    ['body', 'code'],
    'pending (expired)',
  ],
  [
    'the code of a removed appliance',
    async ({ id, code }) => {
      await m.admin.request({ method: 'DELETE', url: `/api/fleet/appliances/${id}` });
      return direct({ code, csr: goodCsr });
    },
    409,
    'value_error.fleet.code_used',
    ['body', 'code'],
    'removed',
  ],
  [
    'a CSR with a weak key (RSA 1024)',
    async ({ code }) => direct({ code, csr: await weakCsr() }),
    422,
    'value_error.pki.weak_key',
    ['body', 'csr'],
    'pending',
  ],
  [
    'a CSR whose signature does not verify',
    ({ code }) => direct({ code, csr: forgedCsr() }),
    422,
    'value_error.pki.signature',
    ['body', 'csr'],
    'pending',
  ],
  [
    'a CSR that is not one',
    ({ code }) => direct({ code, csr: 'hello' }),
    422,
    /^value_error\.pki/,
    ['body', 'csr'],
    'pending',
  ],
  [
    'a field outside the contract',
    ({ code }) => direct({ code, csr: goodCsr, subject: 'CN=rampart-fleet-manager' }),
    422,
    'value_error.extra',
    ['body', 'subject'],
    'pending',
  ],
  [
    'a body without the code',
    () => direct({ csr: goodCsr }),
    422,
    'value_error.missing',
    ['body', 'code'],
    'pending',
  ],
  [
    'a fingerprint that does not match the listener’s CA (nothing sent)',
    ({ code }) => join({ code, fingerprint: 'ab'.repeat(32) }),
    422,
    'value_error.fleet.fingerprint',
    ['body', 'fingerprint'],
    'pending',
  ],
  [
    'a fingerprint that is not SHA-256 hex',
    ({ code }) => join({ code, fingerprint: 'sha1:1234' }),
    422,
    'value_error.fleet.fingerprint_format',
    ['body', 'fingerprint'],
    'pending',
  ],
  [
    'an address that is not https',
    ({ code }) => join({ code, address: `http://127.0.0.1:${m.enrolPort}` }),
    422,
    'value_error.url',
    ['body', 'address'],
    'pending',
  ],
  [
    'an address where nothing listens',
    async ({ code }) => join({ code, address: `https://127.0.0.1:${await freePort()}` }),
    422,
    'value_error.fleet.unreachable',
    ['body', 'address'],
    'pending',
  ],
];

let serial = 0;

it.each(CASES)('refuses %s', async (_what, send, status, type, loc, after) => {
  const a = await addAppliance(m, `corpus-${(serial += 1)}`);
  const res = await send(a);
  expect(res.status).toBe(status);
  const items = res.detail as Array<{ loc: unknown[]; type: string; msg: string }>;
  expect(items[0].loc).toEqual(loc);
  if (typeof type === 'string') expect(items[0].type).toBe(type);
  else expect(items[0].type).toMatch(type);
  expect(items[0].msg.length).toBeGreaterThan(0);
  expect(state(a.id)).toBe(after.split(' ')[0]);
  // A code that was refused for its request still enrols a good one.
  if (after === 'pending') expect((await enrolDirect(m, { code: a.code, csr: goodCsr })).status).toBe(200);
});

it('rate-limits guessed codes per source address, like sign-ins (last: it fills this address’s budget)', async () => {
  let last = await enrolDirect(m, { code: 'guess-0', csr: goodCsr });
  for (let i = 1; i < 20 && last.status !== 429; i += 1)
    last = await enrolDirect(m, { code: `guess-${i}`, csr: goodCsr });
  expect(last.status).toBe(429);
  // The right code is refused too while the address waits: the budget is the address's, not the code's.
  const a = await addAppliance(m, 'after-guesses');
  expect((await enrolDirect(m, { code: a.code, csr: goodCsr })).status).toBe(429);
  expect(state(a.id)).toBe('pending');
});
