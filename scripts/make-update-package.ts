/**
 * Builds a signed update package (for tests and for trying updates out).
 *
 *   npx tsx scripts/make-update-package.ts --version 1.1.0 [--channel stable] [--security] [--schema 2]
 *     [--changelog "markdown" | --changelog-file notes.md] [--keys dir] [--out file.rup | --repo dir]
 *     [--trust dataDir] [--unsigned]
 *
 * The signing key pair is `<keys>/update-signing.key.pem` (private, PKCS#8) and `update-signing.pub.pem`
 * (default `./data/update-keys`), created on first use. `--trust` installs the public key as a trusted key of the
 * appliance using that data directory. `--repo` writes the package into a repository directory and lists it in
 * its `index.json`. Prints the package's path.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { buildPackage, type Manifest } from '../src/appliance/updates/package';
import { trustedKeysDir } from '../src/appliance/updates/keys';
import { INDEX_FILE, PACKAGE_EXTENSION } from '../src/appliance/updates/repository';

export interface KeyPair {
  privateKey: crypto.KeyObject;
  publicKeyPem: string;
}

/** Reads the key pair in `dir`, creating it first when there is none. */
export function signingKeys(dir: string): KeyPair {
  const priv = path.join(dir, 'update-signing.key.pem');
  const pub = path.join(dir, 'update-signing.pub.pem');
  if (!fs.existsSync(priv)) {
    const pair = crypto.generateKeyPairSync('ed25519');
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(priv, pair.privateKey.export({ type: 'pkcs8', format: 'pem' }), { mode: 0o600 });
    fs.writeFileSync(pub, pair.publicKey.export({ type: 'spki', format: 'pem' }));
  }
  return {
    privateKey: crypto.createPrivateKey(fs.readFileSync(priv)),
    publicKeyPem: fs.readFileSync(pub, 'utf8'),
  };
}

/** Installs a public key as trusted by the appliance whose data directory is `dataDir`. */
export function trustKey(dataDir: string, publicKeyPem: string, name = 'test-signing'): string {
  const dir = trustedKeysDir(dataDir);
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `${name}.pem`);
  fs.writeFileSync(file, publicKeyPem);
  return file;
}

export interface PackageOptions {
  version: string;
  channel?: Manifest['channel'];
  security?: boolean;
  changelog?: string;
  schema?: number;
  /** Release payload (default: a small text naming the version). */
  payload?: Buffer;
  /** null builds an unsigned package. */
  privateKey: crypto.KeyObject | null;
}

export function makePackage(o: PackageOptions): Buffer {
  const steps: Manifest['steps'] = [
    ...(o.schema ? [{ type: 'migrate' as const, schema_version: o.schema }] : []),
    { type: 'switch' },
  ];
  return buildPackage(
    {
      version: o.version,
      channel: o.channel ?? 'stable',
      security: o.security ?? false,
      changelog: o.changelog ?? `## ${o.version}\n\n- Maintenance release.`,
      released_at: new Date().toISOString().slice(0, 10),
      steps,
    },
    o.payload ?? Buffer.from(`rampart release ${o.version}\n`),
    o.privateKey,
  );
}

/** Writes a package into a repository directory and lists it in the directory's index. */
export function addToRepository(repo: string, version: string, file: Buffer): string {
  fs.mkdirSync(repo, { recursive: true });
  const name = `rampart-${version}${PACKAGE_EXTENSION}`;
  fs.writeFileSync(path.join(repo, name), file);
  const indexFile = path.join(repo, INDEX_FILE);
  const index = fs.existsSync(indexFile)
    ? (JSON.parse(fs.readFileSync(indexFile, 'utf8')) as { packages: string[] })
    : { packages: [] };
  if (!index.packages.includes(name)) index.packages.push(name);
  fs.writeFileSync(indexFile, `${JSON.stringify(index, null, 2)}\n`);
  return path.join(repo, name);
}

function main() {
  const { values } = parseArgs({
    options: {
      version: { type: 'string' },
      channel: { type: 'string', default: 'stable' },
      security: { type: 'boolean', default: false },
      schema: { type: 'string' },
      changelog: { type: 'string' },
      'changelog-file': { type: 'string' },
      keys: { type: 'string', default: path.join('data', 'update-keys') },
      out: { type: 'string' },
      repo: { type: 'string' },
      trust: { type: 'string' },
      unsigned: { type: 'boolean', default: false },
    },
  });
  if (!values.version || !/^\d+\.\d+\.\d+$/.test(values.version)) {
    process.stderr.write('--version x.y.z is required\n');
    process.exit(2);
  }
  if (values.channel !== 'stable' && values.channel !== 'beta') {
    process.stderr.write('--channel is stable or beta\n');
    process.exit(2);
  }
  const keys = signingKeys(values.keys);
  if (values.trust) trustKey(values.trust, keys.publicKeyPem);
  const file = makePackage({
    version: values.version,
    channel: values.channel,
    security: values.security,
    schema: values.schema ? Number(values.schema) : undefined,
    changelog: values['changelog-file']
      ? fs.readFileSync(values['changelog-file'], 'utf8')
      : values.changelog,
    privateKey: values.unsigned ? null : keys.privateKey,
  });
  let written: string;
  if (values.repo) written = addToRepository(values.repo, values.version, file);
  else {
    written = values.out ?? `rampart-${values.version}${PACKAGE_EXTENSION}`;
    fs.writeFileSync(written, file);
  }
  process.stdout.write(`${written}\n`);
}

if (require.main === module) main();
