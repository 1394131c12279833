/**
 * The list queries of the PKI (certificates, authorities, revocation lists, ACME orders): which fields sort, which
 * filter (see `listing.ts` for the shared part).
 */
import { Type } from '@sinclair/typebox';
import { listQuery, oneOf } from './listing';

/** An object's id as the PKI writes it. */
const id = (description: string) => Type.String({ pattern: '^[A-Za-z0-9_.-]{1,128}$', description });

export const CERTIFICATE_STATUSES = ['valid', 'expired', 'revoked', 'not_yet_valid'] as const;

export const certificatesQuery = listQuery(
  ['name', 'status', 'ca_name', 'source', 'not_after', 'created_at'],
  {
    ca_id: id('Only certificates this authority issued.'),
    status: oneOf(CERTIFICATE_STATUSES, 'Only certificates in this state.'),
    source: oneOf(['issued', 'csr', 'imported', 'acme'], 'Only certificates that came this way.'),
  },
);

export const casQuery = listQuery(['name', 'kind', 'status', 'not_after', 'created_at'], {
  kind: oneOf(['root', 'intermediate'], 'Only roots or only intermediates.'),
});

export const crlsQuery = listQuery(
  ['name', 'ca_name', 'status', 'number', 'entries', 'next_update', 'created_at'],
  {
    ca_id: id('Only lists of this authority.'),
    source: oneOf(['generated', 'imported'], 'Only lists the appliance built, or only imported ones.'),
  },
);

export const ordersQuery = listQuery(['names', 'account_name', 'status', 'not_after', 'created_at'], {
  account_id: id('Only orders of this ACME account.'),
  status: oneOf(['pending', 'ready', 'processing', 'valid', 'invalid'], 'Only orders in this state.'),
});
