/**
 * What Apply and the configuration document promise, each as a table (a new case is one row), through the real API:
 * - one port, one listener: the DNS proxy and SSH are refused (422 `value_error.port_in_use`, naming who has it) a
 *   port another of the appliance's services or the console uses, on their pages and through a document
 *   (src/appliance/apply/ports.ts);
 * - hostile YAML documents (alias bombs, repeated keys, deep nesting, oversized bodies) get a clear 400 or 413 and
 *   change nothing (src/appliance/revisions/yamlBody.ts); a large one is read off the event loop.
 * Apply's own truth with the real daemons (a port another program holds) is test/appliance/services/applyTruth.test.ts.
 */
import { adminAgent, count, startServer, type Agent, type Harness } from '../appliance/support/harness';

const CONSOLE_PORT = 8080;
const SYSLOG_PORT = 47514;
const DNS_PORT = 47353;
const SSH_PORT = 47322;

let h: Harness;
let admin: Agent;

beforeAll(async () => {
  h = await startServer({
    config: { port: CONSOLE_PORT, syslogPort: SYSLOG_PORT, dnsPort: DNS_PORT, sshPort: SSH_PORT },
  });
  admin = await adminAgent(h);
});
afterAll(() => h.close());

type Service = 'dns' | 'ssh';
const SETTINGS: Record<Service, { url: string; section: string }> = {
  dns: { url: '/api/dns/proxy/settings', section: 'dns.proxy' },
  ssh: { url: '/api/ssh/config/settings', section: 'ssh' },
};
const settingsOf = async (service: Service) =>
  (await admin.get(service === 'dns' ? '/api/dns/proxy' : '/api/ssh/config')).json().settings as {
    port: number;
  };

/** Port clashes: [what, the service given the port, the port, who the refusal names]. */
const PORT_CLASHES: ReadonlyArray<[string, Service, number, RegExp]> = [
  ['the DNS proxy on the SSH port', 'dns', SSH_PORT, /^port 47322 is used by SSH; /],
  ['SSH on the DNS proxy port', 'ssh', DNS_PORT, /^port 47353 is used by DNS proxy; /],
  ['the DNS proxy on the console’s HTTP port', 'dns', CONSOLE_PORT, /is used by the console \(HTTP\)/],
  ['SSH on the console’s HTTP port', 'ssh', CONSOLE_PORT, /is used by the console \(HTTP\)/],
  ['the DNS proxy on the syslog receiver’s port', 'dns', SYSLOG_PORT, /is used by the syslog receiver/],
  ['SSH on the syslog receiver’s port', 'ssh', SYSLOG_PORT, /is used by the syslog receiver/],
];

describe.each(PORT_CLASHES)('%s', (_what, service, port, names) => {
  it('is refused on the settings page, naming who uses the port, and nothing is saved', async () => {
    const before = await settingsOf(service);
    const res = await admin.put(SETTINGS[service].url, { ...before, port });
    expect(res.statusCode).toBe(422);
    expect(res.json().detail).toEqual([
      {
        loc: ['body', 'port'],
        msg: expect.stringMatching(names),
        type: 'value_error.port_in_use',
        ctx: expect.objectContaining({ port }),
      },
    ]);
    expect(await settingsOf(service)).toEqual(before);
  });

  it('is refused through the configuration document, and no revision is recorded', async () => {
    const doc = (await admin.get('/api/config')).json();
    const revisions = count(h, 'revisions');
    const settings = doc.sections[SETTINGS[service].section].settings;
    doc.sections[SETTINGS[service].section].settings = { ...settings, port };
    const res = await admin.put('/api/config', doc);
    expect(res.statusCode).toBe(422);
    expect(res.json().detail[0]).toMatchObject({
      loc: ['body', 'sections', SETTINGS[service].section, 'settings', 'port'],
      msg: expect.stringMatching(names),
      type: 'value_error.port_in_use',
    });
    expect(count(h, 'revisions')).toBe(revisions);
    expect((await settingsOf(service)).port).toBe(settings.port);
  });
});

it('still takes a free port for either service', async () => {
  for (const service of ['dns', 'ssh'] as const) {
    const before = await settingsOf(service);
    const res = await admin.put(SETTINGS[service].url, { ...before, port: before.port + 1000 });
    expect(res.statusCode).toBe(200);
    expect((await admin.put(SETTINGS[service].url, before)).statusCode).toBe(200);
  }
});

const YAML_DECODE = 'value_error.yamldecode';
/** Nine levels of nine aliases each: a billion "lol"s when expanded. */
const aliasBomb = [
  'a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]',
  ...'bcdefghi'.split('').map((k, i) => `${k}: &${k} [${Array(9).fill(`*${'abcdefghi'[i]}`).join(', ')}]`),
].join('\n');
const big = (bytes: number) =>
  `format: rampart-config/1\nsections: {}\nnotes:\n${Array.from(
    { length: Math.ceil(bytes / 30) },
    (_, i) => `  k${String(i).padStart(9, '0')}: "${'x'.repeat(20)}"`,
  ).join('\n')}\n`;

/** Hostile YAML bodies for `POST /api/config/plan`: [what, body, status, what the answer says]. */
const HOSTILE_YAML: ReadonlyArray<[string, string, number, unknown]> = [
  [
    'an alias bomb',
    aliasBomb,
    400,
    [expect.objectContaining({ type: YAML_DECODE, msg: expect.stringMatching(/aliases expand/) })],
  ],
  [
    'a key given twice',
    'format: rampart-config/1\nsections: {}\nformat: x\n',
    400,
    [
      expect.objectContaining({
        type: YAML_DECODE,
        msg: expect.stringMatching(/^not valid YAML \(line 3, column 1\): the key "format" is given twice/),
      }),
    ],
  ],
  [
    'a key given twice in a large mapping',
    big(200 * 1024).replace('k000000001', 'k000000000'),
    400,
    [
      expect.objectContaining({
        type: YAML_DECODE,
        msg: expect.stringMatching(/the key "k000000000" is given twice/),
      }),
    ],
  ],
  [
    'a syntax error',
    'format: rampart-config/1\nsections: {dns.proxy: [\n',
    400,
    [
      expect.objectContaining({
        type: YAML_DECODE,
        msg: expect.stringMatching(/^not valid YAML \(line \d+, column \d+\): /),
      }),
    ],
  ],
  [
    'flow collections nested 100,000 deep',
    `${'['.repeat(100_000)}${']'.repeat(100_000)}`,
    400,
    [expect.objectContaining({ type: YAML_DECODE })],
  ],
  [
    'block sequences nested a million deep on one line',
    `${'- '.repeat(1_000_000)}x\n`,
    400,
    [
      expect.objectContaining({
        type: YAML_DECODE,
        msg: 'not valid YAML (line 1, column 1): nested too deep (indented by more than 256 columns)',
      }),
    ],
  ],
  [
    'mappings indented 300 columns deep',
    `format: rampart-config/1\nsections:\n${Array.from({ length: 150 }, (_, i) => `${'  '.repeat(i + 1)}k${i}:`).join('\n')} x\n`,
    400,
    [
      expect.objectContaining({
        type: YAML_DECODE,
        msg: 'not valid YAML (line 131, column 1): nested too deep (indented by more than 256 columns)',
      }),
    ],
  ],
  [
    'a document over 4 MiB',
    big(4 * 1024 * 1024 + 1024),
    413,
    'Request body is too large (at most 4 MiB as YAML; send a larger configuration document as JSON)',
  ],
  ['a scalar instead of a document', '"just text"\n', 422, expect.any(Array)],
];

describe.each(HOSTILE_YAML)('a YAML document with %s', (_what, body, status, detail) => {
  it(`answers ${status} with a clear error and changes nothing`, async () => {
    const revisions = count(h, 'revisions');
    const res = await admin.post('/api/config/plan', body, { 'content-type': 'application/yaml' });
    expect({ status: res.statusCode, detail: res.json().detail }).toEqual({ status, detail });
    const put = await admin.put('/api/config', body, { 'content-type': 'application/yaml' });
    expect(put.statusCode).toBe(status);
    expect(count(h, 'revisions')).toBe(revisions);
  });
});

it('plans a large YAML document (read on a worker) as it plans the same document in JSON', async () => {
  const doc = (await admin.get('/api/config')).json();
  const notes = Object.fromEntries(
    Array.from({ length: 4000 }, (_, i) => [`dns.proxy/x${i}`, 'a note of some length']),
  );
  const { default: YAML } = await import('yaml');
  const text = YAML.stringify({ ...doc, notes });
  expect(text.length).toBeGreaterThan(64 * 1024);
  const yaml = await admin.post('/api/config/plan', text, { 'content-type': 'application/yaml' });
  const json = await admin.post('/api/config/plan', { ...doc, notes });
  expect(yaml.statusCode).toBe(json.statusCode);
  expect(yaml.json()).toEqual(json.json());
});
