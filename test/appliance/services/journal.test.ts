/**
 * The DNS query log under `RAMPART_SERVICES=systemd`: unbound's lines are journal entries, read with
 * `journalctl -u unbound.service -o json --follow` into the same parser as the embedded backend's. A fake
 * `journalctl` (and `systemctl`) on PATH stands for systemd: it records its arguments and prints entries in the
 * journal's JSON format (captured unbound 1.17.1 lines), one script run per start.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseJournalLine } from '../../../src/appliance/services/journal';
import type { DnsQueryRecord } from '../../../src/shared/dnsQueries';
import { adminAgent, startServer, type Harness } from '../support/harness';

const until = async <T>(what: string, check: () => Promise<T | false | null | undefined>, ms = 10_000) => {
  const end = Date.now() + ms;
  for (;;) {
    const v = await check();
    if (v) return v;
    if (Date.now() > end) throw new Error(`${what}: not reached in ${ms} ms`);
    await new Promise((r) => setTimeout(r, 50));
  }
};

const T0 = 1_795_815_527_000;
const entry = (cursor: string, ms: number, message: string | number[]) =>
  JSON.stringify({ __CURSOR: cursor, __REALTIME_TIMESTAMP: String(ms * 1000), MESSAGE: message });

describe('the DNS query log read from the journal (systemd backend)', () => {
  const savedPath = process.env.PATH;
  let bin = '';
  let dataDir = '';
  let h: Harness | null = null;

  const journalCalls = () => fs.readFileSync(path.join(bin, 'journal-calls'), 'utf8').trim().split('\n');
  // One sign-in per server: polling with a fresh login each time trips the login rate limit.
  const agents = new WeakMap<Harness, Awaited<ReturnType<typeof adminAgent>>>();
  const adminOf = async (server: Harness) => {
    const known = agents.get(server);
    if (known) return known;
    const admin = await adminAgent(server);
    agents.set(server, admin);
    return admin;
  };
  const records = async (server: Harness): Promise<DnsQueryRecord[]> =>
    (await (await adminOf(server)).get('/api/dns/queries?per_page=50')).json().data;

  beforeEach(() => {
    bin = fs.mkdtempSync(path.join(os.tmpdir(), 'rampart-journal-bin-'));
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rampart-journal-data-'));
    process.env.PATH = `${bin}${path.delimiter}${savedPath}`;
    const script = (name: string, body: string) =>
      fs.writeFileSync(path.join(bin, name), `#!/bin/sh\n${body}\n`, { mode: 0o755 });
    script(
      'systemctl',
      `[ "$1" = show ] && printf 'LoadState=loaded\\nActiveState=active\\nMainPID=4242\\n'\nexit 0`,
    );
    // Run n prints journal-n.json; it exits with status 1 when journal-n.exit exists, else it keeps following.
    script(
      'journalctl',
      [
        // The state's last lines (-o cat): the daemon's own lines between query lines.
        `case "$*" in *--follow*) ;; *) printf '%s\\n' ${[
          '[1795815526] unbound[15290:0] info: start of service (unbound 1.17.1).',
          '[1795815527] unbound[15290:0] info: 127.0.0.1 localhost. A IN NOERROR 0.000000 1 53',
          '[1795815528] unbound[15290:0] info: service stopped (unbound 1.17.1).',
        ]
          .map((l) => `'${l}'`)
          .join(' ')}; exit 0 ;; esac`,
        // Other units (the fleet's nats-server) follow their own journals: they have nothing to say here.
        'case "$*" in *unbound.service*) ;; *) exec sleep 60 ;; esac',
        `echo "$*" >> ${bin}/journal-calls`,
        `n=$(cat ${bin}/journal-runs 2>/dev/null || echo 0); n=$((n + 1)); echo $n > ${bin}/journal-runs`,
        `[ -f ${bin}/journal-$n.json ] && cat ${bin}/journal-$n.json`,
        `[ -f ${bin}/journal-$n.exit ] && exit 1`,
        'exec sleep 60',
      ].join('\n'),
    );
  });
  afterEach(async () => {
    await h?.close();
    h = null;
    process.env.PATH = savedPath;
    fs.rmSync(bin, { recursive: true, force: true });
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const journal = (run: number, lines: string[], exit = false) => {
    fs.writeFileSync(path.join(bin, `journal-${run}.json`), `${lines.join('\n')}\n`);
    if (exit) fs.writeFileSync(path.join(bin, `journal-${run}.exit`), '');
  };

  it('reads a JSON journal entry: message (text or bytes), time and cursor', () => {
    expect(parseJournalLine(entry('s=1;i=2', T0, 'a line\n'))).toEqual({
      message: 'a line',
      at: T0,
      cursor: 's=1;i=2',
    });
    expect(parseJournalLine(entry('c', T0, [104, 105]))?.message).toBe('hi');
    expect(parseJournalLine('{"__CURSOR":"c","MESSAGE":null}')).toBeNull();
    expect(parseJournalLine('not json')).toBeNull();
  });

  it('turns the unit journal entries into query records with their own time, and goes on after the last cursor', async () => {
    journal(
      1,
      [
        entry('c1', T0, '[1795815527] unbound[15290:0] info: start of service (unbound 1.17.1).'),
        entry(
          'c2',
          T0 + 1,
          '[1795815527] unbound[15290:0] info: localhost. static 127.0.0.1@44287 localhost. A IN',
        ),
        entry(
          'c3',
          T0 + 2,
          '[1795815527] unbound[15290:0] info: 127.0.0.1 localhost. A IN NOERROR 0.000000 1 53',
        ),
        entry(
          'c4',
          T0 + 3,
          '[1795815527] unbound[15290:0] info: 127.0.0.1 www.example.com. A IN NOERROR 0.000000 1 60',
        ),
      ],
      true,
    );
    journal(2, [
      entry(
        'c5',
        T0 + 1500,
        '[1795815528] unbound[15290:0] info: 192.0.2.7 host.example. AAAA IN NOERROR 0.000000 1 60',
      ),
    ]);
    h = await startServer({ dataDir, config: { services: 'systemd' } });
    const server = h;
    const first = await until('records of the first run', async () => {
      const r = await records(server);
      return r.length === 2 && r;
    });
    expect(first.map((r) => [r.name, r.client, r.answered_by, r.time])).toEqual([
      ['www.example.com', '127.0.0.1', 'cache', T0 + 3],
      ['localhost', '127.0.0.1', 'local_zone', T0 + 2],
    ]);
    // journalctl ended: it is started again after the last entry read, and the log says so.
    const all = await until('the entry read after journalctl was started again', async () => {
      const r = await records(server);
      return r.length === 3 && r;
    });
    expect(all[0]).toMatchObject({
      name: 'host.example',
      client: '192.0.2.7',
      type: 'AAAA',
      time: T0 + 1500,
    });
    expect(journalCalls()).toEqual([
      '-u unbound.service -o json --output-fields=MESSAGE --follow --no-pager --lines=0',
      '-u unbound.service -o json --output-fields=MESSAGE --follow --no-pager --after-cursor=c4',
    ]);
    const warnings = h.ctx.db
      .prepare("SELECT message, severity FROM logs WHERE service = 'dns' ORDER BY id")
      .all() as Array<{ message: string; severity: string }>;
    expect(warnings).toContainEqual({
      message: 'journalctl for unbound.service ended with status 1; reading again in 1 s',
      severity: 'warning',
    });
    // The start-of-service line is no query: not a record (it stays in the journal).
    expect(all.some((r) => r.name.includes('start'))).toBe(false);
    // The service's last lines are the daemon's own, without the query lines.
    expect((await (await adminOf(server)).get('/api/dns/proxy/service')).json().log).toEqual([
      '[1795815526] unbound[15290:0] info: start of service (unbound 1.17.1).',
      '[1795815528] unbound[15290:0] info: service stopped (unbound 1.17.1).',
    ]);

    // A console that starts again goes on after the last entry it read.
    await h.close();
    h = await startServer({ dataDir, config: { services: 'systemd' } });
    await until('journalctl started again', async () => journalCalls().length === 3);
    expect(journalCalls()[2]).toBe(
      '-u unbound.service -o json --output-fields=MESSAGE --follow --no-pager --after-cursor=c5',
    );
  });
});
