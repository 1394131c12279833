/**
 * The certificates' summary (`{api}pki/certificates/summary`): what expires soon and the certificates watched
 * by the dashboard.
 */
import { type Static, Type } from '@sinclair/typebox';
import { endpoint } from '../endpoint';
import { orNull, stringEnum } from '../fields';
import { CERTIFICATE_PROFILES } from './certificates';
import { CERTIFICATE_STATUSES, type CertStatus, iso } from './shared';

/** A certificate the lifecycle board watches (not revoked, not renewed, expiring within its horizon). */
export const watchedCertificate = Type.Object({
  id: Type.String(),
  name: Type.String(),
  ca_id: orNull(Type.String()),
  profile: stringEnum(CERTIFICATE_PROFILES),
  not_after: iso(),
  used_by: Type.Array(Type.String()),
});

export type WatchedCertificate = Static<typeof watchedCertificate>;

/** `GET {api}pki/certificates/summary`: counts over every certificate, for the lifecycle board. */
export const certificateSummary = Type.Object({
  total: Type.Integer({ minimum: 0 }),
  by_status: Type.Object(
    Object.fromEntries(CERTIFICATE_STATUSES.map((st) => [st, Type.Integer({ minimum: 0 })])) as Record<
      CertStatus,
      ReturnType<typeof Type.Integer>
    >,
  ),
  /** Valid certificates whose end falls within 7 and within 30 days. */
  expiring: Type.Object({ days_7: Type.Integer({ minimum: 0 }), days_30: Type.Integer({ minimum: 0 }) }),
  /** The horizon of `watched`, in days. */
  horizon_days: Type.Integer(),
  /**
   * Watched certificates (not revoked, not renewed, not yet ended, ending within the horizon), soonest end first:
   * the board's first `WATCHED_SHOWN` and every one ending within `EXPIRY_WARNING_DAYS` (its banner), at most
   * `WATCHED_MAX`; `watched_total` counts them all.
   */
  watched: Type.Array(watchedCertificate),
  watched_total: Type.Integer({ minimum: 0 }),
  /** Certificates that ended and were neither renewed nor revoked. */
  expired_unrenewed: Type.Integer({ minimum: 0 }),
});

export type CertificateSummary = Static<typeof certificateSummary>;

/** A certificate this close to its end is flagged (amber) on the lists and gets an expiry banner. */
export const EXPIRY_WARNING_DAYS = 14;

/** The board's timeline: the soonest ends; the rest are a link to the list filtered to them. */
export const WATCHED_SHOWN = 5;

/** Enough for one expiry banner per certificate within the warning days. */
export const WATCHED_MAX = 1000;

export const SUMMARY_HORIZON_DAYS = 90;

export const getCertificateSummary = endpoint({
  method: 'GET',
  path: 'pki/certificates/summary',
  response: certificateSummary,
  summary: 'Counts over every certificate, and those ending soonest (the lifecycle board)',
});
