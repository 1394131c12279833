/**
 * The PKI's configuration-document sections: authorities, certificates and revocation lists are read-only (what
 * changes them makes or removes key material, on their pages); of ACME only an order's renewal settings are written,
 * through the same store function as its PATCH route (acme/orders.ts).
 */
import { Type } from '@sinclair/typebox';
import { acmeOrderSettingsBody, type AcmeOrderSettingsBody } from '../../shared/contracts/pki';
import type { Db } from '../../storage/sqlite';
import type { ApplianceContext } from '../context';
import { canonical } from '../revisions/diff';
import { registerSection, type Entities, type Entity, type Json } from '../revisions/sections';
import { checked, entityError, keyed, kindOf, knownIds } from '../revisions/sectionKit';
import { writeOrderRenewal } from './acme/orders';

/**
 * Why a PKI section has no writer: none of its fields is edited on an existing object by its routes (a name is given
 * at issue or import); what changes it (issue, import, renew, revoke, delete) makes or removes key material.
 */
const PKI_READ_ONLY = {
  authorities:
    'no field of an authority can be edited, and a document or a revert never makes key material: create, import or delete it on the Certificate authorities page',
  certificates:
    'no field of a certificate can be edited, and a document or a revert never makes key material: issue, import, renew, revoke or delete it on the Certificates page',
  crls: 'a revocation list is signed by its authority or imported: publish, import or delete it on the Certificate revocation lists page',
};

/** The fields of an ACME order a document may change: its renewal settings (PATCH pki/acme/orders/{id}). */
const ACME_ORDER_EDITABLE = ['auto_renew', 'renew_before_days'];
/** Both of them: a document states the whole order. */
const acmeOrderSettings = Type.Required(acmeOrderSettingsBody);

/** Why a document (or a revert) cannot make an ACME change; `undefined`: it can (an order's renewal settings). */
function acmeRefusal(
  id: string,
  op: 'added' | 'removed' | 'changed',
  before: Entity | null = null,
  after: Entity | null = null,
): string | undefined {
  if (kindOf(id) === 'acme_account')
    return op === 'added'
      ? 'an ACME account cannot be registered by a configuration document or a revert (it needs a new key): register it on the ACME orders page'
      : op === 'removed'
        ? 'an ACME account cannot be deleted by a configuration document or a revert: delete it on the ACME orders page'
        : 'an ACME account cannot be changed by a configuration document or a revert: it is registered with its directory';
  if (op === 'added')
    return 'an ACME order cannot be placed by a configuration document or a revert: order it on the ACME orders page';
  if (op === 'removed')
    return 'an ACME order cannot be deleted by a configuration document or a revert: delete it on the ACME orders page';
  const fixed = Object.keys({ ...before, ...after }).filter(
    (f) =>
      !ACME_ORDER_EDITABLE.includes(f) && canonical(before?.[f] ?? null) !== canonical(after?.[f] ?? null),
  );
  return fixed.length
    ? `only an order's renewal settings can be changed by a configuration document or a revert (not ${fixed
        .map((f) => f.replace(/_/g, ' '))
        .join(', ')}): order it again on the ACME orders page`
    : undefined;
}

const readAcme = (db: Db): Entities => ({
  ...keyed(
    db
      .prepare(
        'SELECT id, name, directory_url, email, trust_pem FROM pki_acme_accounts ORDER BY created_at, id',
      )
      .all() as Entity[],
    (a) => `acme_account:${String(a.id)}`,
    (a) => ({
      name: a.name,
      directory_url: a.directory_url,
      email: a.email,
      has_trust: a.trust_pem !== '',
    }),
  ),
  ...keyed(
    db
      .prepare(
        'SELECT id, account_id, names, key_type, auto_renew, renew_before_days FROM pki_acme_orders ORDER BY created_at, id',
      )
      .all() as Entity[],
    (o) => `acme_order:${String(o.id)}`,
    (o) => ({
      account_id: o.account_id,
      names: JSON.parse(String(o.names)) as Json,
      key_type: o.key_type,
      auto_renew: o.auto_renew === 1,
      renew_before_days: o.renew_before_days,
    }),
  ),
});

export function registerPkiSections(ctx: ApplianceContext): void {
  registerSection(ctx, {
    name: 'pki.authorities',
    area: 'pki',
    label: 'Certificate authorities',
    paths: ['/pki/cas'],
    read: (db) =>
      keyed(
        db
          .prepare(
            `SELECT c.id, c.name, c.parent_id, c.subject, c.serial, c.fingerprint_sha256, c.not_before, c.not_after,
               c.source, c.crl_validity_hours, k.algorithm
             FROM pki_cas c LEFT JOIN pki_keys k ON k.id = c.key_id ORDER BY c.created_at, c.id`,
          )
          .all() as Entity[],
        (c) => `ca:${String(c.id)}`,
        (c) => {
          const { id: _id, fingerprint_sha256, ...rest } = c;
          return { ...rest, fingerprint: String(fingerprint_sha256).slice(0, 16) };
        },
      ),
    title: (_id, e) => `Authority ${String(e.name)}`,
    readOnly: PKI_READ_ONLY.authorities,
    fields: { algorithm: { label: 'key' } },
  });

  registerSection(ctx, {
    name: 'pki.certificates',
    area: 'pki',
    label: 'Certificates',
    paths: ['/pki/certificates'],
    read: (db) =>
      keyed(
        db
          .prepare(
            `SELECT c.id, c.name, c.ca_id, c.profile, c.source, c.subject, c.serial, c.fingerprint_sha256, c.sans,
               c.not_before, c.not_after, c.revoked_at, c.revocation_reason, c.renewed_from, k.algorithm
             FROM pki_certificates c LEFT JOIN pki_keys k ON k.id = c.key_id ORDER BY c.created_at, c.id`,
          )
          .all() as Entity[],
        (c) => `certificate:${String(c.id)}`,
        (c) => {
          const { id: _id, fingerprint_sha256, sans, ...rest } = c;
          return {
            ...rest,
            sans: JSON.parse(String(sans)) as Json,
            fingerprint: String(fingerprint_sha256).slice(0, 16),
          };
        },
      ),
    title: (_id, e) => `Certificate ${String(e.name)}`,
    readOnly: PKI_READ_ONLY.certificates,
    fields: { revoked_at: { label: 'revoked' }, sans: { label: 'names' }, algorithm: { label: 'key' } },
  });

  registerSection(ctx, {
    name: 'pki.crls',
    area: 'pki',
    label: 'Revocation lists',
    paths: ['/pki/crls', '/pki/cas'],
    read: (db) =>
      keyed(
        db
          .prepare(
            'SELECT id, ca_id, source, name, issuer, number, this_update, next_update, entries FROM pki_crls ORDER BY created_at, id',
          )
          .all() as Entity[],
        (c) => `crl:${String(c.id)}`,
        (c) => {
          const { id: _id, ...rest } = c;
          return rest;
        },
      ),
    title: (_id, e) => `Revocation list ${String(e.name)}${e.number !== null ? ` #${String(e.number)}` : ''}`,
    readOnly: PKI_READ_ONLY.crls,
  });

  registerSection(ctx, {
    name: 'pki.acme',
    area: 'pki',
    label: 'ACME',
    paths: ['/pki/acme'],
    read: (db) => readAcme(db),
    refuses: (c) => acmeRefusal(c.id, c.op, c.before, c.after),
    // Only an order's renewal settings, as its PATCH route; the renewal check reads them at each run.
    write: (db, entities, now) => {
      const name = 'pki.acme';
      knownIds(name, entities, ['acme_account', 'acme_order'], []);
      const current = readAcme(db);
      for (const id of Object.keys(current))
        if (!entities[id])
          throw entityError(name, id, acmeRefusal(id, 'removed') ?? '', 'value_error.config.read_only');
      for (const [id, e] of Object.entries(entities)) {
        const stored = current[id] as Entity | undefined;
        if (stored && canonical(stored) === canonical(e)) continue;
        const refusal = acmeRefusal(id, stored ? 'changed' : 'added', stored ?? null, e);
        if (refusal || !stored) throw entityError(name, id, refusal ?? '', 'value_error.config.read_only');
        const { auto_renew, renew_before_days } = e;
        const body = checked<Required<AcmeOrderSettingsBody>>(acmeOrderSettings, name, id, {
          auto_renew,
          renew_before_days,
        });
        if (body.auto_renew === stored.auto_renew && body.renew_before_days === stored.renew_before_days)
          continue;
        writeOrderRenewal(db, id.slice('acme_order:'.length), body.auto_renew, body.renew_before_days, now);
      }
    },
    title: (id, e) =>
      kindOf(id) === 'acme_account'
        ? `ACME account ${String(e.name)}`
        : `ACME order ${(e.names as string[] | null)?.join(', ') ?? ''}`,
  });
}
