/**
 * No module reads another feature's tables with SQL the lint cannot see: a feature asks for what another offers
 * (src/appliance/offers.ts) or hears its events. A table belongs to the modules that write it (oneWriter.test.ts);
 * the kernel's tables are for every feature to read (features build on the kernel), and the assembly (index.ts,
 * seed.ts) wires them all.
 */
import { applianceSql, readTables } from './sqlScan';

/**
 * Reads of another module's tables still to be turned into offers, `table <- reader`. This list may only shrink: a
 * line leaves it when the read moves behind an offer (the test below fails while a listed read no longer happens).
 */
const KNOWN_CROSS_READS: Record<string, string> = {
  'user_group_privileges <- kernel': "sign-in resolves an account's privileges (auth/privileges.ts)",
  'user_group_members <- kernel': "sign-in resolves an account's groups (auth/privileges.ts)",
  'users <- kernel':
    'sessions and the console page read the signed-in account (auth/sessions.ts, console/routes.ts)',
  'messages <- kernel': 'the console page reads the messages the first start seeds (console/routes.ts)',
  'users <- feature backups': 'a restore checks the accounts of the archive and of this appliance',
  'alerts <- kernel': 'the metrics count firing alerts (metrics/index.ts)',
  'forwarding_queue <- kernel': 'the metrics report the forwarding queue (metrics/index.ts)',
  'forwarding_targets <- kernel': 'the metrics report the forwarding targets (metrics/index.ts)',
  'forwarding_status <- kernel': 'the metrics report the forwarding status (metrics/index.ts)',
  'logs <- feature network': "the network status reads the sampler's log lines (network/status.ts)",
  'users <- feature ssh': 'SSH password sign-in checks the console accounts (ssh/index.ts)',
};

const sql = applianceSql();
const owners = new Map<string, Set<string>>();
for (const { owner, written } of sql)
  for (const table of written) owners.set(table, (owners.get(table) ?? new Set()).add(owner));

/** `table <- reader` → the files reading it. */
const crossReads = new Map<string, string[]>();
for (const { rel, owner, read } of sql)
  for (const table of new Set(read)) {
    const own = owners.get(table);
    if (!own || own.has(owner) || own.has('kernel') || owner === 'assembly') continue;
    const key = `${table} <- ${owner}`;
    crossReads.set(key, [...(crossReads.get(key) ?? []), rel]);
  }

it('finds the tables a statement reads, not a FROM in prose', () => {
  const code = [
    "db.prepare('SELECT c.id FROM pki_certificates c JOIN pki_cas a ON a.id = c.ca_id');",
    'db.prepare(`WITH x AS (SELECT 1) SELECT * FROM main."alerts"`);',
    "throw new Error('Copied from users the old way');",
  ].join('\n');
  expect(readTables('probe.ts', code)).toEqual(['pki_certificates', 'pki_cas', 'alerts']);
});

it("reads no other feature's tables beyond the known list", () => {
  const unknown = [...crossReads].filter(([key]) => !(key in KNOWN_CROSS_READS));
  expect(unknown.map(([key, files]) => `${key} (${files.join(', ')})`)).toEqual([]);
});

it.each(Object.keys(KNOWN_CROSS_READS))(
  'the known cross read %s still happens (else it leaves the list)',
  (key) => {
    expect(crossReads.has(key)).toBe(true);
  },
);
