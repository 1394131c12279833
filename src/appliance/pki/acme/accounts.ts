/** ACME accounts: a directory URL, a contact e-mail and an account key (sealed like every key of the PKI). */
import crypto from 'node:crypto';
import { auditText } from '../../audit';
import { inTransaction } from '../../context';
import { HttpError, notFound } from '../../http/errors';
import { type PkiContext, pkiAudit } from '../context';
import { generateKey } from '../offThread';
import { parseCertificates } from '../x509';
import { acmeClient, acmeReason, DEFAULT_TIMING, type AcmeTiming } from './client';
import type { AcmeAccount, AcmeAccountBody } from '../../../shared/contracts/pki';

export interface AccountRow {
  id: string;
  name: string;
  directory_url: string;
  email: string;
  key_id: string;
  account_url: string;
  trust_pem: string;
  created_at: number;
}

/** The body is the contract's (src/shared/contracts/pki/). */
export type CreateAccountInput = AcmeAccountBody;

export function getAccountRow(p: PkiContext, id: string): AccountRow {
  const row = p.app.db.prepare('SELECT * FROM pki_acme_accounts WHERE id = ?').get(id) as
    AccountRow | undefined;
  if (!row) throw notFound('ACME account does not exist');
  return row;
}

export function accountView(p: PkiContext, row: AccountRow): AcmeAccount {
  const orders = p.app.db
    .prepare('SELECT COUNT(*) AS n FROM pki_acme_orders WHERE account_id = ?')
    .get(row.id) as { n: number };
  return {
    id: row.id,
    name: row.name,
    directory_url: row.directory_url,
    email: row.email,
    account_url: row.account_url,
    has_trust: row.trust_pem !== '',
    orders: orders.n,
    created_at: new Date(row.created_at).toISOString(),
  };
}

export const listAccounts = (p: PkiContext) =>
  (p.app.db.prepare('SELECT * FROM pki_acme_accounts ORDER BY created_at').all() as AccountRow[]).map((r) =>
    accountView(p, r),
  );

/** The acme-client of an account. */
export function clientOf(p: PkiContext, row: AccountRow, timing: AcmeTiming = DEFAULT_TIMING) {
  const key = p.keys.get(row.key_id).export({ type: 'pkcs8', format: 'pem' }).toString();
  return acmeClient(row.directory_url, key, row.account_url, timing, row.trust_pem);
}

/** Registers (or finds) the account at the ACME server, agreeing to its terms, then stores it. */
export async function createAccount(
  p: PkiContext,
  input: CreateAccountInput,
  by: string,
  timing: AcmeTiming = DEFAULT_TIMING,
) {
  const trust = input.trust_pem?.trim() ? parseCertificates(input.trust_pem, 'trust_pem') : [];
  const key = await generateKey(input.key_type ?? 'ec-p256');
  const keyPem = key.export({ type: 'pkcs8', format: 'pem' }).toString();
  const trustPem = trust.length ? input.trust_pem!.trim() : '';
  const client = acmeClient(input.directory_url, keyPem, undefined, timing, trustPem);
  let accountUrl: string;
  try {
    await client.createAccount({ termsOfServiceAgreed: true, contact: [`mailto:${input.email}`] });
    accountUrl = client.getAccountUrl();
  } catch (e) {
    throw new HttpError(422, [
      {
        loc: ['body', 'directory_url'],
        msg: `the ACME server refused the account: ${acmeReason(e)}`,
        type: 'value_error.acme',
      },
    ]);
  }
  const id = crypto.randomUUID();
  inTransaction(p.app.db, () => {
    const keyId = p.keys.put(key);
    p.app.db
      .prepare(
        'INSERT INTO pki_acme_accounts (id, name, directory_url, email, key_id, account_url, trust_pem, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
      )
      .run(id, input.name, input.directory_url, input.email, keyId, accountUrl, trustPem, p.app.now());
  });
  pkiAudit(
    p,
    `ACME account "${auditText(input.name)}" registered at ${auditText(input.directory_url, 200)} by "${auditText(by)}"`,
  );
  return accountView(p, getAccountRow(p, id));
}

export function deleteAccount(p: PkiContext, id: string, by: string): void {
  const row = getAccountRow(p, id);
  inTransaction(p.app.db, () => {
    const active = p.app.db
      .prepare(
        "SELECT COUNT(*) AS n FROM pki_acme_orders WHERE account_id = ? AND status IN ('pending', 'ready', 'processing')",
      )
      .get(id) as { n: number };
    if (active.n)
      throw new HttpError(409, [
        { loc: ['path', 'id'], msg: 'orders of this account are in progress', type: 'value_error.acme.busy' },
      ]);
    p.app.db.prepare('DELETE FROM pki_acme_orders WHERE account_id = ?').run(id);
    p.app.db.prepare('DELETE FROM pki_acme_accounts WHERE id = ?').run(id);
    p.keys.delete(row.key_id);
  });
  pkiAudit(p, `ACME account "${auditText(row.name)}" deleted by "${auditText(by)}"`);
}
