import type * as forwarding from '../../shared/contracts/forwarding';
import type { ErrorItem } from '../http/errors';
import type { Offers } from '../offers';

/** What a TLS target may present and trust: what the PKI offers (../offers.ts). */
export type TlsChoices = ReturnType<Offers['pkiTlsChoices']>;

/** The TLS certificate and CA a target names must be PKI choices; items on `body.<field>`. */
export function targetTlsErrors(body: forwarding.ForwardingTargetBody, choices: TlsChoices): ErrorItem[] {
  if (body.protocol !== 'tls') return [];
  const items: ErrorItem[] = [];
  if (body.tls_certificate_id && !choices.certificates.some((c) => c.id === body.tls_certificate_id))
    items.push({
      loc: ['body', 'tls_certificate_id'],
      msg: 'No PKI certificate with a private key has this id',
      type: 'value_error.pki',
    });
  if (body.tls_ca_id && !choices.cas.some((c) => c.id === body.tls_ca_id))
    items.push({
      loc: ['body', 'tls_ca_id'],
      msg: 'No PKI certificate authority has this id',
      type: 'value_error.pki',
    });
  return items;
}
