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
    expires_within_days: Type.String({
      pattern: '^[1-9][0-9]{0,4}$',
      description: 'Only valid certificates that expire within this many days (1 to 99999).',
    }),
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

/** What a bulk action of a PKI list answers: the ids done, and those refused with the single endpoint's reason. */
export interface BulkAnswer {
  done: string[];
  refused: Array<{ id: string; name: string; reason: string }>;
}

/** A certificate the lifecycle board watches (not revoked, not renewed, expiring within its horizon). */
export interface WatchedCertificate {
  id: string;
  name: string;
  ca_id: string | null;
  profile: 'server' | 'client' | 'other';
  not_after: string;
  used_by: string[];
}

/** `GET {api}pki/certificates/summary`: counts over every certificate, for the lifecycle board. */
export interface CertificateSummary {
  total: number;
  by_status: Record<(typeof CERTIFICATE_STATUSES)[number], number>;
  /** Valid certificates whose end falls within 7 and within 30 days. */
  expiring: { days_7: number; days_30: number };
  /** The horizon of `watched`, in days. */
  horizon_days: number;
  /**
   * Watched certificates (not revoked, not renewed, not yet ended, ending within the horizon), soonest end first
   * (at most `WATCHED_MAX`); `watched_total` counts them all.
   */
  watched: WatchedCertificate[];
  watched_total: number;
  /** Certificates that ended and were neither renewed nor revoked. */
  expired_unrenewed: number;
}

/** Enough for one expiry banner per certificate; the board itself shows the first few. */
export const WATCHED_MAX = 1000;
export const SUMMARY_HORIZON_DAYS = 90;
