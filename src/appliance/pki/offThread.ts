/**
 * The PKI's CPU-heavy work, off the event loop: PKCS#12 reading and writing, key generation, decrypting
 * passphrase-protected keys, reading uploaded CSRs and certificate chains, reading and building CRLs run on a worker pool (`src/service-kit/cpuPool.ts`, script
 * `worker/entry.ts`), each within the time budget (`RAMPART_CRYPTO_BUDGET_SECONDS`, 30 s by default). A task over its
 * budget is stopped and answered as a 422 on the uploaded field (or a 503 for work the appliance started itself);
 * a full queue is a 503 with Retry-After.
 */
import crypto from 'node:crypto';
import path from 'node:path';
import { CpuBudgetError, CpuPool, CpuPoolBusyError, CpuTaskError } from '../../service-kit/cpuPool';
import { HttpError } from '../http/errors';
import { KeyParseError, parsePrivateKey, type KeyType } from './keys';
import { MaterialError } from './materialError';
import { parseCertificateDer, type x509 } from './x509';
import type { Pkcs12Contents } from './pkcs12';
import type { CrlFacts, CrlInput, CsrFacts, PkiTasks } from './worker/tasks';

export const DEFAULT_BUDGET_MS = 30_000;

// In the server bundle __dirname is dist/server, where webpack writes pki-worker.js; from the sources, the .ts file.
const pool = new CpuPool({
  built: path.join(__dirname, 'pki-worker.js'),
  source: path.join(__dirname, 'worker', 'entry.ts'),
});
let budgetMs = DEFAULT_BUDGET_MS;

/** The budget of each task (set from the configuration when the PKI is mounted). */
export function setCryptoBudget(ms: number): void {
  budgetMs = ms;
}

/** Ends the workers (at server close; a later task starts new ones). */
export const closePkiPool = () => pool.close();

/** The pool itself, for tests and metrics. */
export const pkiPool = pool;

const seconds = (ms: number) => `${Math.round(ms / 100) / 10} s`;
const buf = (u: Uint8Array) => Buffer.from(u.buffer, u.byteOffset, u.byteLength);

/** What the caller of a task gets for a failure: the task's own error rebuilt, or the pool's turned into HTTP. */
function translate(e: unknown, onBudget: (e: CpuBudgetError) => Error): Error {
  if (e instanceof CpuTaskError) {
    if (e.remoteName === 'MaterialError') {
      const f = e.fields as { field: string; type?: string; ctx?: Record<string, unknown> };
      return new MaterialError(f.field, e.message, f.type, f.ctx);
    }
    if (e.remoteName === 'KeyParseError') return new KeyParseError(e.message);
    return new Error(e.message);
  }
  if (e instanceof CpuBudgetError) return onBudget(e);
  if (e instanceof CpuPoolBusyError) return new HttpError(503, e.message, { 'Retry-After': '5' });
  return e instanceof Error ? e : new Error(String(e));
}

/** A budget overrun of work the appliance started itself (key generation, CRLs): the server is too slow for it. */
const serverBudget = (what: string) => (e: CpuBudgetError) =>
  new HttpError(
    503,
    `${what} took longer than the ${seconds(e.budgetMs)} allowed and was stopped; try again when the appliance is less busy`,
  );

/** A budget overrun caused by an upload: a 422 on its field. */
const uploadBudget =
  (field: string, what: string, advice = 'export it again with fewer key-derivation iterations') =>
  (e: CpuBudgetError) =>
    new MaterialError(
      field,
      `${what} took longer than the ${seconds(e.budgetMs)} allowed and was stopped: ${advice}`,
      'value_error.pki.time_budget',
      { budget_ms: e.budgetMs },
    );

async function run<K extends keyof PkiTasks>(
  task: K,
  args: Parameters<PkiTasks[K]>,
  onBudget: (e: CpuBudgetError) => Error,
): Promise<Awaited<ReturnType<PkiTasks[K]>>> {
  try {
    return await pool.run<Awaited<ReturnType<PkiTasks[K]>>>(task, args, budgetMs);
  } catch (e) {
    throw translate(e, onBudget);
  }
}

/** Opens a PKCS#12 file on the pool (see `readPkcs12` in `pkcs12.ts`). */
export async function readPkcs12OffThread(
  data: Buffer,
  password: string,
  field: string,
): Promise<Pkcs12Contents> {
  const out = await run(
    'readPkcs12',
    [new Uint8Array(data), password, field],
    uploadBudget(field, 'opening this PKCS#12 file'),
  );
  return { keyPkcs8: out.keyPkcs8 ? buf(out.keyPkcs8) : null, certsDer: out.certsDer.map(buf) };
}

/** Writes a PKCS#12 file on the pool (see `writePkcs12` in `pkcs12.ts`). */
export async function writePkcs12OffThread(
  keyPkcs8: Buffer,
  certsDer: Buffer[],
  password: string,
  friendlyName: string,
): Promise<Buffer> {
  const out = await run(
    'writePkcs12',
    [new Uint8Array(keyPkcs8), certsDer.map((d) => new Uint8Array(d)), password, friendlyName],
    serverBudget('writing the PKCS#12 file'),
  );
  return buf(out);
}

/** A new private key of the given type, generated on the pool. */
export async function generateKey(type: KeyType): Promise<crypto.KeyObject> {
  const der = await run('generateKey', [type], serverBudget('generating the key'));
  return crypto.createPrivateKey({ key: buf(der), format: 'der', type: 'pkcs8' });
}

/**
 * A private key from PEM text (see `parsePrivateKey`): an encrypted one is decrypted on the pool (its key
 * derivation checked against the limits first), a clear one is read here (no derivation, nothing heavy).
 */
export async function readPrivateKey(pem: string, passphrase?: string): Promise<crypto.KeyObject> {
  if (!pem.includes('ENCRYPTED')) return parsePrivateKey(pem, passphrase);
  const der = await run(
    'decryptPrivateKey',
    [pem, passphrase],
    uploadBudget('private_key', 'decrypting this private key'),
  );
  return crypto.createPrivateKey({ key: buf(der), format: 'der', type: 'pkcs8' });
}

/** An uploaded CSR parsed and checked on the pool (see `inspectCsr` in `worker/tasks.ts`). */
export async function inspectCsrOffThread(pem: string): Promise<CsrFacts> {
  return run('inspectCsr', [pem], uploadBudget('csr', 'reading this certificate request'));
}

/** A signed CRL's DER, built on the pool. */
export async function buildCrlOffThread(input: CrlInput): Promise<Buffer> {
  return buf(await run('buildCrl', [input], serverBudget('building the revocation list')));
}

/** An uploaded CRL (PEM or base64 DER) decoded and parsed on the pool: its DER and what the API shows of it. */
export async function readCrlOffThread(text: string): Promise<{ der: Buffer; facts: CrlFacts }> {
  const out = await run(
    'readCrl',
    [text],
    uploadBudget('crl', 'reading this revocation list', 'send a smaller list'),
  );
  return { der: buf(out.der), facts: out.facts };
}

/** A stored CRL's facts, read on the pool. */
export async function describeCrlOffThread(der: Buffer): Promise<CrlFacts> {
  return run('describeCrl', [new Uint8Array(der)], serverBudget('reading the revocation list'));
}

/** Which of these certificates signed the CRL (the last that did), or -1; checked on the pool. */
export async function crlSignerOffThread(der: Buffer, certsDer: Buffer[]): Promise<number> {
  return run(
    'crlSignerIndex',
    [new Uint8Array(der), certsDer.map((d) => new Uint8Array(d))],
    uploadBudget('crl', 'checking the signature of this revocation list', 'send a smaller list'),
  );
}

/**
 * An uploaded PEM chain: counted (at most `MAX_CHAIN_CERTIFICATES`, else a 422 `value_error.pki.chain_length`),
 * split and validated on the pool; the certificates, at most 32, are then read here for the checks that follow.
 */
export async function readChainOffThread(text: string, field: string): Promise<x509.X509Certificate[]> {
  const ders = await run(
    'readChain',
    [text, field],
    uploadBudget(field, 'reading this certificate chain', 'send the certificate and its issuers only'),
  );
  return ders.map((d) => parseCertificateDer(buf(d), field));
}
