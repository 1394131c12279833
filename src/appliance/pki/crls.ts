/**
 * Certificate revocation lists: one generated per appliance CA from its revocations (CRL number, this/next update,
 * authority key identifier), regenerated on every revocation and before its next update; CRLs of other issuers
 * imported for reference; downloads as PEM or DER (the public copy of each CA's CRL is what certificates point to).
 */
import crypto from 'node:crypto';
import { auditText } from '../audit';
import { inTransaction } from '../context';
import { HttpError, notFound } from '../http/errors';
import { caSigner, getCaRow } from './cas';
import { REASON_CODES, type RevocationReason } from './certificates';
import { type PkiContext, pkiAudit } from './context';
import { buildCrlOffThread, crlSignerOffThread, describeCrlOffThread, readCrlOffThread } from './offThread';
import type { CrlFacts } from './worker/tasks';
import { MaterialError } from './x509';
import { toOneLine } from '../../lib/validation/text';
import type { ImportCrlBody, RevocationList, RevocationListDetail } from '../../shared/contracts/pki';

/** Generated CRLs kept per CA (older ones are dropped; the newest is the one served). */
const KEEP_GENERATED = 5;

export interface CrlRow {
  id: string;
  ca_id: string | null;
  source: 'generated' | 'imported';
  name: string;
  issuer: string;
  crl_der: Buffer;
  number: number | null;
  this_update: number;
  next_update: number | null;
  entries: number;
  created_at: number;
}

const REASON_NAMES = new Map<number, string>(
  Object.entries(REASON_CODES).map(([name, code]) => [code as number, name]),
);

export function getCrlRow(p: PkiContext, id: string): CrlRow {
  const row = p.app.db.prepare('SELECT * FROM pki_crls WHERE id = ?').get(id) as CrlRow | undefined;
  if (!row) throw notFound('Revocation list does not exist');
  return row;
}

/** The CRL a CA serves now (its newest generated one), or null. */
export function currentCrl(p: PkiContext, caId: string): CrlRow | null {
  return (
    (p.app.db
      .prepare("SELECT * FROM pki_crls WHERE ca_id = ? AND source = 'generated' ORDER BY number DESC LIMIT 1")
      .get(caId) as CrlRow | undefined) ?? null
  );
}

export function crlView(p: PkiContext, row: CrlRow): RevocationList {
  const ca = row.ca_id
    ? (p.app.db.prepare('SELECT name FROM pki_cas WHERE id = ?').get(row.ca_id) as
        { name: string } | undefined)
    : undefined;
  const now = p.app.now();
  const latest = row.source === 'generated' && row.ca_id ? currentCrl(p, row.ca_id) : null;
  let status: RevocationList['status'] = 'current';
  if (latest && latest.id !== row.id) status = 'superseded';
  else if (row.next_update !== null && row.next_update < now) status = 'expired';
  return {
    id: row.id,
    name: row.name,
    ca_id: row.ca_id,
    ca_name: ca?.name ?? null,
    source: row.source,
    status,
    issuer: row.issuer,
    number: row.number,
    this_update: new Date(row.this_update).toISOString(),
    next_update: row.next_update === null ? null : new Date(row.next_update).toISOString(),
    entries: row.entries,
    created_at: new Date(row.created_at).toISOString(),
  };
}

export function listCrls(p: PkiContext) {
  const rows = p.app.db.prepare('SELECT * FROM pki_crls ORDER BY created_at DESC').all() as CrlRow[];
  return rows.map((r) => crlView(p, r));
}

/** A CRL with its entries; the list is read on the worker pool (`facts` when the caller has just read it there). */
export async function crlDetail(p: PkiContext, id: string, facts?: CrlFacts): Promise<RevocationListDetail> {
  const row = getCrlRow(p, id);
  const f = facts ?? (await describeCrlOffThread(row.crl_der));
  return {
    ...crlView(p, row),
    signature_algorithm: f.signatureAlgorithm,
    revoked: f.revoked.map((e) => ({
      serial: e.serial,
      revocation_date: new Date(e.revocationDate).toISOString(),
      reason: e.reason === null ? null : (REASON_NAMES.get(e.reason) ?? String(e.reason)),
    })),
  };
}

const queues = new WeakMap<PkiContext, Map<string, Promise<unknown>>>();

/**
 * Signs a new CRL for a CA from its current revocations. A CA without its key gets none (returns null). Runs one at a
 * time per CA: two revocations at once each get a CRL, the later one listing both.
 */
export function generateCrl(p: PkiContext, caId: string): Promise<CrlRow | null> {
  let perCa = queues.get(p);
  if (!perCa) queues.set(p, (perCa = new Map()));
  const previous = perCa.get(caId) ?? Promise.resolve();
  const next = previous.catch(() => undefined).then(() => generateCrlNow(p, caId));
  perCa.set(caId, next);
  void next
    .finally(() => {
      if (perCa.get(caId) === next) perCa.delete(caId);
    })
    .catch(() => undefined);
  return next;
}

async function generateCrlNow(p: PkiContext, caId: string): Promise<CrlRow | null> {
  const ca = getCaRow(p, caId);
  if (!ca.key_id) return null;
  const signer = await caSigner(p, caId).catch((e: unknown) => {
    // An expired CA signs nothing more, CRLs included.
    if (e instanceof HttpError) return null;
    throw e;
  });
  if (!signer) return null;
  const now = p.app.now();
  // Revoked certificates drop off once they have expired (RFC 5280 §3.3).
  const revoked = p.app.db
    .prepare(
      'SELECT serial, revoked_at, revocation_reason FROM pki_certificates WHERE ca_id = ? AND revoked_at IS NOT NULL AND not_after > ? ORDER BY revoked_at',
    )
    .all(caId, now) as Array<{ serial: string; revoked_at: number; revocation_reason: RevocationReason }>;
  const number = ca.crl_number + 1;
  const thisUpdate = new Date(now);
  const nextUpdate = new Date(now + ca.crl_validity_hours * 3600_000);
  // Signing is quick; encoding thousands of entries is not: the list is built on the worker pool.
  const crlDer = await buildCrlOffThread({
    caCertDer: new Uint8Array(ca.cert_der),
    caKeyPkcs8: new Uint8Array(signer.keyObject.export({ type: 'pkcs8', format: 'der' })),
    thisUpdate: thisUpdate.getTime(),
    nextUpdate: nextUpdate.getTime(),
    number,
    entries: revoked.map((r) => ({
      serial: r.serial,
      revokedAt: r.revoked_at,
      reason: REASON_CODES[r.revocation_reason],
    })),
  });
  const row: CrlRow = {
    id: crypto.randomUUID(),
    ca_id: caId,
    source: 'generated',
    name: ca.name,
    issuer: signer.cert.subject,
    crl_der: crlDer,
    number,
    this_update: thisUpdate.getTime(),
    next_update: nextUpdate.getTime(),
    entries: revoked.length,
    created_at: now,
  };
  inTransaction(p.app.db, () => {
    // Numbers only grow, even when two regenerations race: the later one keeps the higher number.
    const current = p.app.db.prepare('SELECT crl_number FROM pki_cas WHERE id = ?').get(caId) as
      { crl_number: number } | undefined;
    if (!current || current.crl_number >= number) return;
    p.app.db.prepare('UPDATE pki_cas SET crl_number = ? WHERE id = ?').run(number, caId);
    p.app.db
      .prepare(
        `INSERT INTO pki_crls (id, ca_id, source, name, issuer, crl_der, number, this_update, next_update, entries, created_at)
         VALUES (@id, @ca_id, @source, @name, @issuer, @crl_der, @number, @this_update, @next_update, @entries, @created_at)`,
      )
      .run(row);
    p.app.db
      .prepare(
        `DELETE FROM pki_crls WHERE ca_id = ? AND source = 'generated' AND id NOT IN (
           SELECT id FROM pki_crls WHERE ca_id = ? AND source = 'generated' ORDER BY number DESC LIMIT ?)`,
      )
      .run(caId, caId, KEEP_GENERATED);
  });
  return row;
}

/**
 * Regenerates the CRLs that near their next update: when less than a quarter of their validity is left (at least
 * an hour before), so relying parties never hold an expired list.
 */
export async function refreshDueCrls(p: PkiContext): Promise<number> {
  const now = p.app.now();
  const cas = p.app.db
    .prepare(
      'SELECT id, crl_validity_hours, not_after FROM pki_cas WHERE key_id IS NOT NULL AND not_after > ? AND not_before <= ?',
    )
    .all(now, now) as Array<{ id: string; crl_validity_hours: number }>;
  let count = 0;
  for (const ca of cas) {
    const current = currentCrl(p, ca.id);
    const margin = Math.max(3600_000, (ca.crl_validity_hours * 3600_000) / 4);
    if (current && current.next_update !== null && current.next_update - margin > now) continue;
    if (await generateCrl(p, ca.id)) count += 1;
  }
  return count;
}

/** The body is the contract's (src/shared/contracts/pki/). */
export type ImportCrlInput = ImportCrlBody;

/** An external CRL, PEM or base64 DER; linked to (and checked against) an appliance CA of the same issuer, if any. */
export async function importCrl(p: PkiContext, input: ImportCrlInput, by: string) {
  // Decoding, parsing and the signature check run on the worker pool: a list of 512 KiB holds thousands of entries.
  const { der, facts: crl } = await readCrlOffThread(input.crl);
  let caId: string | null = null;
  const candidates = p.app.db
    .prepare('SELECT id, cert_der FROM pki_cas WHERE subject = ?')
    .all(crl.issuer) as Array<{ id: string; cert_der: Buffer }>;
  if (candidates.length) {
    const signer = await crlSignerOffThread(
      der,
      candidates.map((c) => c.cert_der),
    );
    if (signer >= 0) caId = candidates[signer].id;
  }
  if (candidates.length && !caId)
    throw new MaterialError(
      'crl',
      'the CRL names an appliance CA as issuer but is not signed by it',
      'value_error.pki.signature',
    );
  const row: CrlRow = {
    id: crypto.randomUUID(),
    ca_id: caId,
    source: 'imported',
    name: input.name ?? toOneLine(crl.issuerCommonName ?? crl.issuer.slice(0, 128)),
    issuer: crl.issuer,
    crl_der: der,
    number: crl.number,
    this_update: crl.thisUpdate,
    next_update: crl.nextUpdate,
    entries: crl.revoked.length,
    created_at: p.app.now(),
  };
  inTransaction(p.app.db, () =>
    p.app.db
      .prepare(
        `INSERT INTO pki_crls (id, ca_id, source, name, issuer, crl_der, number, this_update, next_update, entries, created_at)
         VALUES (@id, @ca_id, @source, @name, @issuer, @crl_der, @number, @this_update, @next_update, @entries, @created_at)`,
      )
      .run(row),
  );
  pkiAudit(
    p,
    `CRL "${auditText(row.name)}" (${crl.issuer}, ${row.entries} entries) imported by "${auditText(by)}"`,
  );
  return crlDetail(p, row.id, crl);
}

export function deleteCrl(p: PkiContext, id: string, by: string): void {
  const row = getCrlRow(p, id);
  if (row.source !== 'imported')
    throw new HttpError(409, [
      {
        loc: ['path', 'id'],
        msg: 'a generated CRL belongs to its CA: delete the CA instead',
        type: 'value_error.pki.generated',
      },
    ]);
  inTransaction(p.app.db, () => p.app.db.prepare('DELETE FROM pki_crls WHERE id = ?').run(id));
  pkiAudit(p, `CRL "${auditText(row.name)}" deleted by "${auditText(by)}"`);
}
