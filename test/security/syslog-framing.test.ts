/**
 * Forwarded records cannot be forged (a new case is one row): each control character (C0 with CR, LF, NUL, TAB and
 * ESC, DEL, C1, the Unicode line and paragraph separators) and each structured-data delimiter is sent through real
 * entry points (an anonymous sign-in's name; a log entry's message) followed by a record of a forged host, to Debian's
 * rsyslog on loopback over UDP, TCP and TLS. rsyslog is told to keep control characters as received, and writes one
 * line per record it parsed: each send is exactly one line from the appliance, with no control character in it and
 * nothing from the forged host. The header fields (HOSTNAME, APP-NAME, PROCID, MSGID) and SD-NAMEs hold only
 * PRINTUSASCII, whatever the values they come from.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { auditMessage, hostName, logMessage } from '../../src/appliance/forwarding/format';
import type { AuditRecord } from '../../src/appliance/auditChain';
import { collectorPki, startCollector, type Collector } from '../appliance/forwarding/collector';
import { adminAgent, Agent, startServer, type Harness } from '../appliance/support/harness';

/** What a line must not hold: every control character and the Unicode line breaks. */
const ANY_CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/;

/** [what, text placed between the probe's marker and the forged record]. */
const HOSTILE: ReadonlyArray<[string, string]> = [
  ['a line feed', '\n'],
  ['a carriage return', '\r'],
  ['CR LF', '\r\n'],
  ['NUL', '\u0000'],
  ['a tab', '\t'],
  ['a vertical tab', '\u000b'],
  ['a form feed', '\u000c'],
  ['an escape sequence', '\u001b[2J'],
  ['the unit separator', '\u001f'],
  ['DEL', '\u007f'],
  ['a C1 control (PAD)', '\u0080'],
  ['a C1 control (NEL)', '\u0085'],
  ['a C1 control (CSI)', '\u009b'],
  ['a C1 control (APC)', '\u009f'],
  ['a line separator', '\u2028'],
  ['a paragraph separator', '\u2029'],
  ['a quote and a bracket (structured data)', '"] [forged@32473 actor="root"]'],
  ['a backslash before the quote', '\\"]'],
];

const FORGED_HOST = 'forged-host';
/** A whole record of another host, as a line-based collector would read it. */
const forged = (marker: string) => `<13>1 2026-12-01T00:00:00Z ${FORGED_HOST} sshd - - - forged ${marker}`;

/** Where a hostile text enters: [what, sends `text` (from `address`) so that it is forwarded]. */
type Entry = (text: string, address: string) => Promise<void>;
let h: Harness;
let admin: Agent;
const ENTRIES: ReadonlyArray<[string, Entry]> = [
  [
    'an anonymous sign-in name',
    async (text, address) => {
      const stranger = new Agent(h.app);
      await stranger.visit();
      const res = await stranger.request({
        method: 'POST',
        url: '/api/auth/login',
        payload: new URLSearchParams({ username: text, password: 'wrong' }).toString(),
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        remoteAddress: address,
      });
      expect(res.statusCode).toBe(401);
    },
  ],
  [
    'a log entry’s message',
    async (text) => {
      expect((await admin.post('/api/logs', { service: 'dns', message: text })).statusCode).toBe(201);
    },
  ],
];

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rampart-framing-'));
let collector: Collector;
let pki: Awaited<ReturnType<typeof collectorPki>>;

beforeAll(async () => {
  h = await startServer();
  admin = await adminAgent(h);
  pki = await collectorPki(admin, dir);
  collector = await startCollector({
    dir,
    tls: pki.files,
    escapeControls: false,
    template: '%hostname% %app-name% %procid% %msgid% %structured-data% %msg%\\n',
  });
}, 120_000);

afterAll(async () => {
  await collector?.stop();
  await h?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

async function until(what: string, probe: () => boolean, ms = 30_000) {
  const end = Date.now() + ms;
  while (!probe()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

const PROTOCOLS = ['udp', 'tcp', 'tls'] as const;

describe.each(PROTOCOLS)('over %s', (protocol) => {
  const cases = ENTRIES.flatMap(([entry, send], e) =>
    HOSTILE.map(([what, text], i) => [entry, what, send, text, `probe-${protocol}-${e}-${i}#`] as const),
  );
  let target: number;

  beforeAll(async () => {
    const res = await admin.post('/api/forwarding/targets', {
      name: `Collector ${protocol}`,
      enabled: true,
      protocol,
      host: '127.0.0.1',
      port: collector.ports[protocol],
      audit: true,
      services: ['dns'],
      tls_certificate_id: protocol === 'tls' ? pki.certId : null,
      tls_ca_id: protocol === 'tls' ? pki.caId : null,
      queue_limit: 100_000,
    });
    expect(res.statusCode).toBe(201);
    target = res.json().id;
    // Each case after the other on this one target; the collector is read once all of them arrived.
    for (const [index, [, , send, text, marker]] of cases.entries())
      await send(`${marker}${text}${forged(marker)}`, `192.0.2.${index + 1}`);
    const done = `done-${protocol}`;
    await ENTRIES[1][1](done, '192.0.2.250');
    await until('the last record', () => collector.received().some((l) => l.includes(done)));
  }, 120_000);

  afterAll(async () => {
    await admin.request({ method: 'DELETE', url: `/api/forwarding/targets/${target}` });
  });

  test.each(cases)('%s with %s is one record of the appliance', (entry, _what, _send, _text, marker) => {
    const lines = collector.received().filter((l) => l.includes(marker));
    // The probe and the forged record it carries are one line: nothing split it.
    expect(lines).toHaveLength(1);
    const [line] = lines;
    expect(line).toContain(`forged ${marker}`);
    expect(line).not.toMatch(ANY_CONTROL);
    const [host, app] = line.split(' ');
    expect(host).toBe(hostName());
    expect(app).toBe(/sign-in/.test(entry) ? 'rampart' : 'dns');
  });

  it('has no record of the forged host', () => {
    expect(collector.received().filter((l) => l.startsWith(FORGED_HOST))).toEqual([]);
  });
});

describe('header fields and SD-NAMEs hold only PRINTUSASCII', () => {
  const record = (over: Partial<AuditRecord>): AuditRecord => ({
    seq: 1,
    timestamp: 1_795_000_000,
    service: 'auth',
    message: 'login refused',
    actor: 'mallory',
    method: 'console',
    address: '192.0.2.1',
    object: 'POST /api/auth/login',
    outcome: 'failure',
    prev_hash: '0'.repeat(64),
    hash: '1'.repeat(64),
    ...over,
  });
  const HEADER =
    /^<\d{1,3}>1 \S+ [\x21-\x7e]{1,255} [\x21-\x7e]{1,48} [\x21-\x7e]{1,128} [\x21-\x7e]{1,32} \[/;

  test.each(HOSTILE)('a host name with %s', (_what, text) => {
    const line = auditMessage(record({}), `appliance${text}${FORGED_HOST}`);
    expect(line).toMatch(HEADER);
    expect(line).not.toMatch(ANY_CONTROL);
    expect(line.split(' ')[2]).toMatch(/^[\x21-\x7e]+$/);
  });

  test.each(HOSTILE)('a service (APP-NAME) with %s', (_what, text) => {
    const line = logMessage(
      { id: 1, service: `dns${text}` as 'dns', timestamp: 1_795_000_000, severity: 'info', message: 'm' },
      'appliance',
    );
    expect(line).toMatch(HEADER);
    expect(line).not.toMatch(ANY_CONTROL);
  });

  test.each(HOSTILE)('every structured-data value and MSG with %s', (_what, text) => {
    const hostile = `v${text}`;
    const line = auditMessage(
      record({
        actor: hostile,
        method: hostile as AuditRecord['method'],
        address: hostile,
        object: hostile,
        service: hostile,
        hash: hostile,
        message: hostile,
      }),
      'appliance',
    );
    expect(line).toMatch(HEADER);
    expect(line).not.toMatch(ANY_CONTROL);
    // One SD-ELEMENT whose values all end at their closing quote: none opened another element.
    const sd = line.slice(line.indexOf('['));
    const element = /^\[audit@32473(?: [a-z]+="(?:[^"\\\]]|\\["\\\]]|\\)*")+\] /.exec(sd);
    expect(element).not.toBeNull();
    expect(element![0].match(/ [a-z]+="/g)).toHaveLength(8);
  });
});
