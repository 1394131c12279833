/**
 * Input classes, each refused the same way in every field of its kind, through the real API (a new case is one row):
 * - free text (`safe-text` one-line fields, and any string or key of a JSON body): no lone UTF-16 surrogate; one-line
 *   fields hold no control character, line feeds and tabs included (src/lib/validation/text.ts);
 * - networks in CIDR notation: no host bits, the message naming the network meant (src/lib/validation/subnet.ts);
 * - signed JSON (update packages: envelope and manifest): no repeated key (src/service-kit/jsonDuplicateKeys.ts).
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { makePackage, signingKeys, trustKey } from '../../scripts/make-update-package';
import { opensslSelfSigned, tempDir } from '../appliance/pki/support';
import { adminAgent, count, startServer, type Agent, type Harness } from '../appliance/support/harness';

let h: Harness;
let admin: Agent;
const keys = signingKeys(fs.mkdtempSync(path.join(os.tmpdir(), 'rampart-input-keys-')));

beforeAll(async () => {
  h = await startServer();
  trustKey(h.dataDir, keys.publicKeyPem);
  admin = await adminAgent(h);
});
afterAll(() => h.close());

let serial = 0;
const unique = () => `n${(serial += 1)}`;

/** One-line text fields: [field, url, body with the value in it, loc of the value]. */
const ONE_LINE_FIELDS: ReadonlyArray<[string, string, (v: string) => object, Array<string | number>]> = [
  ['group name', '/api/groups', (v) => ({ name: v }), ['body', 'name']],
  ['group description', '/api/groups', (v) => ({ name: unique(), description: v }), ['body', 'description']],
  [
    'account full name',
    '/api/users',
    (v) => ({ username: unique(), role: 'user', full_name: v }),
    ['body', 'full_name'],
  ],
  [
    'DNS access rule description',
    '/api/dns/proxy/access_lists',
    (v) => ({ subnet: `10.${(serial += 1) % 250}.0.0/16`, action: 'allow', description: v }),
    ['body', 'description'],
  ],
];

const CONTROL = 'value_error.str.control_characters';
const UNICODE = 'value_error.unicode';

/** Hostile text: [what, text, item type]. */
const HOSTILE_TEXT: ReadonlyArray<[string, string, string]> = [
  ['a line feed', 'Ops\nAdmins', CONTROL],
  ['a carriage return', 'Ops\rAdmins', CONTROL],
  ['a tab', 'Ops\tAdmins', CONTROL],
  ['NUL', 'Ops\u0000', CONTROL],
  ['an escape sequence', '\u001b[2JOps', CONTROL],
  ['DEL', 'Ops\u007f', CONTROL],
  ['a C1 control (NEL)', 'Ops\u0085Admins', CONTROL],
  ['a line separator', 'Ops\u2028Admins', CONTROL],
  ['a paragraph separator', 'Ops\u2029Admins', CONTROL],
  ['a lone high surrogate', 'Ops\ud800', UNICODE],
  ['a lone low surrogate', '\udc00Ops', UNICODE],
  ['reversed surrogates', 'Ops\udc00\ud800', UNICODE],
];

const cases = ONE_LINE_FIELDS.flatMap(([field, url, body, loc]) =>
  HOSTILE_TEXT.map(([what, text, type]) => [field, what, url, body, loc, text, type] as const),
);

describe('free text', () => {
  test.each(cases)('%s refuses %s', async (_field, _what, url, body, loc, text, type) => {
    const res = await admin.post(url, body(text));
    expect(res.statusCode).toBe(422);
    expect(res.json().detail).toEqual([expect.objectContaining({ loc, type })]);
  });

  test.each(ONE_LINE_FIELDS)('%s keeps ordinary text of any script', async (_field, url, body) => {
    const res = await admin.post(url, body(`Équipe réseau 网络 🚀 <b>&amp; ${unique()}`));
    expect(res.statusCode).toBe(201);
  });

  test.each([
    ['a line feed and a tab', '/CN=evil\nline\tname', 'evil\uFFFDline\uFFFDname'],
    ['an escape sequence', '/CN=\u001b[2Jcleared', '\uFFFD[2Jcleared'],
  ])(
    'a certificate imported without a name is named after its common name, on one line (%s)',
    async (_what, subject, name) => {
      const { cert } = opensslSelfSigned(tempDir(), subject, { ca: false, key: unique() });
      const res = await admin.post('/api/pki/certificates/import', { certificate: cert });
      expect(res.statusCode).toBe(201);
      expect(res.json().name).toBe(name);
    },
  );

  test.each([
    // Any string or key of a JSON body, with or without a format of its own.
    ['an unchecked field (a password)', '/api/auth/reauth', { password: 'x\ud800' }, ['body', 'password']],
    ['a key', '/api/groups', { name: 'ok', ['k\udbff']: 1 }, ['body', 'k\udbff']],
    ['a list item', '/api/dns/proxy/access_lists/delete', { ids: ['\udfff'] }, ['body', 'ids', 0]],
  ])('a lone surrogate in %s is refused where it is', async (_what, url, body, loc) => {
    const res = await admin.post(url, body);
    expect(res.statusCode).toBe(422);
    expect(res.json().detail).toEqual([expect.objectContaining({ loc, type: UNICODE })]);
  });
});

describe('networks in CIDR notation', () => {
  const lockout = (allow_list: string[]) => ({
    attempts: 5,
    window_seconds: 900,
    duration_seconds: 900,
    allow_list,
  });
  /** [field, network, method, url, body, loc, message]. */
  test.each([
    [
      'DNS access list',
      '10.0.0.1/8',
      'POST',
      '/api/dns/proxy/access_lists',
      (s: string) => ({ subnet: s, action: 'allow' }),
      ['body', 'subnet'],
      '10.0.0.1/8 has host bits set; did you mean 10.0.0.0/8?',
    ],
    [
      'DNS access list',
      '192.168.1.77/24',
      'POST',
      '/api/dns/proxy/access_lists',
      (s: string) => ({ subnet: s, action: 'refuse' }),
      ['body', 'subnet'],
      '192.168.1.77/24 has host bits set; did you mean 192.168.1.0/24?',
    ],
    [
      'DNS access list',
      '1.2.3.4/0',
      'POST',
      '/api/dns/proxy/access_lists',
      (s: string) => ({ subnet: s, action: 'allow' }),
      ['body', 'subnet'],
      '1.2.3.4/0 has host bits set; did you mean 0.0.0.0/0?',
    ],
    [
      'lockout allow-list',
      '10.0.0.1/8',
      'PUT',
      '/api/config/lockout',
      (s: string) => lockout([s]),
      ['body', 'allow_list', 0],
      '10.0.0.1/8 has host bits set; did you mean 10.0.0.0/8?',
    ],
    [
      'lockout allow-list',
      '2001:db8::1/32',
      'PUT',
      '/api/config/lockout',
      (s: string) => lockout(['10.0.0.0/8', s]),
      ['body', 'allow_list', 1],
      '2001:db8::1/32 has host bits set; did you mean 2001:db8::/32?',
    ],
  ] as const)('%s refuses %s', async (_field, network, method, url, body, loc, msg) => {
    const res = await admin.request({ method, url, payload: body(network) });
    expect(res.statusCode).toBe(422);
    expect(res.json().detail).toEqual([{ loc, msg, type: 'value_error.subnet' }]);
  });

  test('a network written as its network address is kept', async () => {
    const res = await admin.post('/api/dns/proxy/access_lists', { subnet: '172.16.0.0/12', action: 'allow' });
    expect(res.statusCode).toBe(201);
  });
});

describe('signed JSON', () => {
  const upload = (file: Buffer) =>
    admin.request({
      method: 'POST',
      url: '/api/updates/packages',
      payload: file,
      headers: { 'content-type': 'application/octet-stream' },
    });
  const file = () => makePackage({ version: '1.1.0', privateKey: keys.privateKey }).toString('utf8');
  /** The manifest edited, then signed again by the trusted key: only the repeated key is wrong. */
  const resigned = (edit: (m: string) => string) => {
    const env = JSON.parse(file()) as Record<string, string>;
    env.manifest = edit(env.manifest);
    env.signature = crypto.sign(null, Buffer.from(env.manifest), keys.privateKey).toString('base64');
    return JSON.stringify(env);
  };

  test.each([
    [
      'the manifest repeats a key',
      resigned((m) => m.replace(/^\{/, '{"security":true,')),
      'manifest',
      /"security"/,
    ],
    [
      'the manifest repeats a nested key',
      resigned((m) => m.replace('"payload":{', '"payload":{"size":0,')),
      'manifest',
      /"size" \(in payload\)/,
    ],
    ['the envelope repeats a key', file().replace(/^\{/, '{"signature":"",'), 'format', /"signature"/],
  ])('an update package is refused when %s', async (_what, text, kind, named) => {
    const res = await upload(Buffer.from(text));
    expect(res.statusCode).toBe(422);
    const [item] = res.json().detail;
    expect(item).toMatchObject({ loc: ['body'], type: `value_error.update.${kind}` });
    expect(item.msg).toMatch(/appears twice$/);
    expect(item.msg).toMatch(named);
    expect(count(h, 'update_packages')).toBe(0);
  });
});
