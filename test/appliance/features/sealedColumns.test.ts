/**
 * Sealed secrets are declared by their feature, once: the column, its key-derivation label and the additional data
 * each row is sealed with (src/appliance/secrets.ts `registerSealedColumn`). A restore re-seals what is declared, so
 * a label copied elsewhere, or a sealed column nobody declared, would come back from another appliance's archive
 * unreadable.
 */
import fs from 'node:fs';
import path from 'node:path';
import { sealedColumnsOf } from '../../../src/appliance/secrets';
import { startServer, type Harness } from '../support/harness';

const SRC = path.join(__dirname, '../../../src');
const sources = (dir: string): string[] =>
  fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const file = path.join(dir, e.name);
    return e.isDirectory() ? sources(file) : /\.tsx?$/.test(e.name) ? [file] : [];
  });
const relative = (file: string) => path.relative(SRC, file);

let h: Harness;
beforeAll(async () => {
  h = await startServer();
}, 60_000);
afterAll(() => h.close());

// One row per sealed column: a new secret is one more line (and its feature's declaration).
const EXPECTED = [
  ['pki_keys', 'sealed', 'appliance/pki/keys.ts'],
  ['auth_providers', 'secret', 'appliance/providers/store.ts'],
  ['alert_channels', 'secret_sealed', 'appliance/alerts/channels.ts'],
  ['backup_targets', 'secret_sealed', 'appliance/backups/targets.ts'],
  ['backup_settings', 'passphrase_sealed', 'appliance/backups/targets.ts'],
  ['fleet_material', 'key_sealed', 'appliance/fleet/keys.ts'],
  ['fleet_membership', 'key_sealed', 'appliance/fleet/keys.ts'],
  ['fleet_settings', 'external_credentials_sealed', 'appliance/fleet/keys.ts'],
];

it('knows every sealed column of the appliance, each an existing column of its table', () => {
  const declared = sealedColumnsOf(h.ctx);
  expect(declared.map((c) => [c.table, c.column]).sort()).toEqual(EXPECTED.map(([t, c]) => [t, c]).sort());
  for (const c of declared) {
    const columns = (
      h.ctx.db.prepare('SELECT name FROM pragma_table_info(?)').all(c.table) as Array<{
        name: string;
      }>
    ).map((r) => r.name);
    expect(columns).toEqual(expect.arrayContaining([c.column, c.id]));
  }
});

const files = sources(SRC).map((file) => ({ file: relative(file), text: fs.readFileSync(file, 'utf8') }));

it.each(EXPECTED)(
  '%s.%s: its key-derivation label is written in one file, its feature’s (%s)',
  (table, column, home) => {
    const c = sealedColumnsOf(h.ctx).find((s) => s.table === table && s.column === column);
    expect(c).toBeDefined();
    const quoted = new RegExp(`['"\`]${c!.info.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}['"\`]`);
    expect(files.filter((f) => quoted.test(f.text)).map((f) => f.file)).toEqual([home]);
  },
);

it('derives the appliance keys in one place (secrets.ts deriveKey)', () => {
  expect(
    files.filter((f) => f.text.includes('hkdfSync(') && f.file.startsWith('appliance/')).map((f) => f.file),
  ).toEqual(['appliance/secrets.ts']);
});
