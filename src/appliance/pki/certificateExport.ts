/** Exporting a certificate with its private key: PEM (bundle or key alone) or PKCS#12, password-protected. */
import { auditText } from '../audit';
import { type PkiContext, pkiAudit } from './context';
import { writePkcs12OffThread } from './offThread';
import { certPem } from './x509';
import type { ExportBody } from '../../shared/contracts/pki';
import { certChainDer, getCertRow, unprocessable } from './certificates';

/** The body is the contract's (src/shared/contracts/pki/). */
export type ExportInput = ExportBody;

export async function exportCertificate(
  p: PkiContext,
  id: string,
  input: ExportInput,
  by: string,
): Promise<{ body: Buffer | string; kind: 'pem' | 'p12'; name: string }> {
  const row = getCertRow(p, id);
  if (!row.key_id)
    throw unprocessable(
      ['body', 'format'],
      'this certificate has no private key in the appliance: download the certificate instead',
      'value_error.pki.no_key',
    );
  const key = p.keys.get(row.key_id);
  const chain = input.include_chain === false ? [row.cert_der] : certChainDer(p, row);
  let result: { body: Buffer | string; kind: 'pem' | 'p12'; name: string };
  if (input.format === 'pkcs12') {
    if (!input.password)
      throw unprocessable(['body', 'password'], 'a PKCS#12 export needs a password', 'value_error.missing');
    const der = key.export({ type: 'pkcs8', format: 'der' });
    result = {
      body: await writePkcs12OffThread(der, chain, input.password, row.name),
      kind: 'p12',
      name: row.name,
    };
  } else {
    const keyPem = input.password
      ? key.export({ type: 'pkcs8', format: 'pem', cipher: 'aes-256-cbc', passphrase: input.password })
      : key.export({ type: 'pkcs8', format: 'pem' });
    const body = input.format === 'key' ? String(keyPem) : chain.map(certPem).join('') + String(keyPem);
    result = { body, kind: 'pem', name: row.name };
  }
  pkiAudit(
    p,
    `private key of certificate "${auditText(row.name)}" (${row.subject}) exported as ${input.format === 'pkcs12' ? 'PKCS#12' : input.format === 'key' ? 'PEM key' : 'PEM bundle'}${input.password ? ', password-protected' : ''} by "${auditText(by)}"`,
  );
  return result;
}
