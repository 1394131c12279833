/**
 * Above the certificates list: when each certificate still in use runs out (amber within 14 days), what uses it, a
 * one-click Renew, how many ended without renewal (a link to them), and each authority's CRL publication. Certificates about to expire also get one banner in
 * the notification center, however many they are ("3 certificates expire within 14 days: …"), never one banner per
 * certificate. The console raises it itself: a dismissal is remembered for the user and that set of certificates and
 * expiry dates (a new one shows the banner again), never sent to the server. Renew is not offered on a read-only page. Everything comes
 * from the appliance's summary (`{api}pki/certificates/summary`: counts over every certificate and the watched
 * ones), never from the list, which is paged.
 */
import { useEffect, useId, type CSSProperties } from 'react';
import { Link } from 'react-router';
import { useAppDispatch } from '../../../../store/createStore';
import { notificationRequested } from '../../../../store/slices/notifications.slice';
import { useResourceSave } from '../../../../store/useResource';
import { daysLeft, EXPIRY_WARNING_DAYS, formatDate, isPast } from '../common/pki';
import { renewCertificate, WATCHED_SHOWN, type CertificateSummary } from '../../../../shared/contracts/pki';
import { formatCount } from '../../../../widgets/DataTable/words';
import { CAS_KEY, CERTIFICATES_KEY } from '../resources';
import type { CertificateAuthority } from '../../../../shared/contracts/pki';
import { useReadOnly } from '../../common/config/ReadOnly';

const tone = (left: number) => (left < 0 ? 'expired' : left < EXPIRY_WARNING_DAYS ? 'soon' : 'ok');
const leftText = (left: number) =>
  left < 0 ? `expired ${-left} day${left === -1 ? '' : 's'} ago` : `${left} day${left === 1 ? '' : 's'} left`;

/** Names a summary banner spells out before "and N more". */
const NAMED = 3;

/** A short stable digest of the expiring set (a dismissal holds until the set changes). */
function versionOf(parts: string[]): string {
  let h = 5381;
  for (const ch of [...parts].sort().join(',')) h = ((h * 33) ^ ch.charCodeAt(0)) >>> 0;
  return `${parts.length}-${h.toString(16)}`;
}

/** "3 certificates expire within 14 days: a, b, c and 2 more." (one certificate: its name, days and users). */
export function expiryMessage(
  expiring: ReadonlyArray<{ name: string; not_after: string; used_by: readonly string[] }>,
): string {
  if (expiring.length === 1) {
    const c = expiring[0];
    return `${c.name} expires in ${leftText(daysLeft(c.not_after)).replace(' left', '')}${c.used_by.length ? ` (used by ${c.used_by.join(', ')})` : ''}.`;
  }
  const names = expiring.slice(0, NAMED).map((c) => c.name);
  const more = expiring.length - names.length;
  return `${expiring.length} certificates expire within ${EXPIRY_WARNING_DAYS} days: ${names.join(', ')}${more ? ` and ${more} more` : ''}.`;
}

/** Expiry banners of several certificates read as one line. */
export const EXPIRY_GROUP = {
  key: 'pki-expiry',
  summary: `{count} certificates expire within ${EXPIRY_WARNING_DAYS} days`,
  review: {
    label: 'Review',
    to: `/system/certificates?status=valid&expires_within_days=${EXPIRY_WARNING_DAYS}`,
  },
};

/** The list filtered to valid certificates ending within `days`. */
const expiringHref = (days: number) => `/system/certificates?status=valid&expires_within_days=${days}`;
const EXPIRED_HREF = '/system/certificates?status=expired';

export function LifecycleBoard({
  summary,
  authorities,
}: {
  summary: CertificateSummary | undefined;
  authorities: readonly CertificateAuthority[];
}) {
  const headingId = useId();
  const dispatch = useAppDispatch();
  const renewal = useResourceSave();
  const readOnly = useReadOnly();
  const watched = summary?.watched ?? [];
  const shown = watched.slice(0, WATCHED_SHOWN);
  const horizon = summary?.horizon_days ?? 90;
  useEffect(() => {
    const expiring = watched.filter((c) => {
      const left = daysLeft(c.not_after);
      return left >= 0 && left < EXPIRY_WARNING_DAYS;
    });
    if (!expiring.length) return;
    dispatch(
      notificationRequested({
        kind: 'banner',
        level: 'warning',
        // One banner for all of them, dismissed until the set of certificates (or an end date) changes.
        notice: {
          key: 'pki-expiry',
          version: versionOf(expiring.map((c) => `${c.id}@${c.not_after}`)),
        },
        title: expiring.length === 1 ? 'Certificate about to expire' : 'Certificates about to expire',
        message: expiryMessage(expiring),
        // To the list filtered to them (valid, ending within the warning's days).
        link: EXPIRY_GROUP.review,
      }),
    );
    // Once per summary answer: the notice's key and version make a repeat a no-op anyway.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [summary, dispatch]);
  const signing = authorities.filter((ca) => ca.has_private_key);
  return (
    <section className="config-section pki-board" aria-labelledby={headingId}>
      <h2 id={headingId}>Lifecycle</h2>
      {summary ? (
        <p className="pki-board__counts">
          {formatCount(summary.total)} certificate{summary.total === 1 ? '' : 's'}:{' '}
          {formatCount(summary.by_status.valid)} valid, {formatCount(summary.by_status.expired)} expired,{' '}
          {formatCount(summary.by_status.revoked)} revoked. Expiring:{' '}
          <Link to={expiringHref(7)}>{formatCount(summary.expiring.days_7)} within 7 days</Link>,{' '}
          <Link to={expiringHref(30)}>{formatCount(summary.expiring.days_30)} within 30 days</Link>.
        </p>
      ) : null}
      <h3>Expiry in the next {horizon} days</h3>
      {watched.length === 0 ? (
        <p>No certificate expires in the next {horizon} days.</p>
      ) : (
        <ol className="pki-timeline">
          {shown.map((c) => {
            const left = daysLeft(c.not_after);
            const renewable = !readOnly && c.ca_id !== null && c.profile !== 'other';
            return (
              <li key={c.id} className={`pki-timeline__item pki-timeline__item--${tone(left)}`}>
                <span
                  className="pki-timeline__bar"
                  aria-hidden="true"
                  style={
                    {
                      '--left': `${Math.max(2, Math.min(100, (Math.max(left, 0) / horizon) * 100))}%`,
                    } as CSSProperties
                  }
                />
                <span className="pki-timeline__text">
                  <Link to={`/system/certificates/${c.id}`}>{c.name}</Link>: {leftText(left)} (
                  {formatDate(c.not_after)}) ·{' '}
                  {c.used_by.length ? `used by ${c.used_by.join(', ')}` : 'not used'}
                </span>
                {renewable ? (
                  <button
                    type="button"
                    className="button"
                    disabled={renewal.pending}
                    aria-label={`Renew ${c.name}`}
                    onClick={() =>
                      renewal.save({
                        endpoint: renewCertificate,
                        params: { id: c.id },
                        key: CERTIFICATES_KEY,
                        body: {},
                        message: `${c.name} renewed.`,
                        refresh: [CAS_KEY],
                      })
                    }
                  >
                    Renew
                  </button>
                ) : null}
              </li>
            );
          })}
        </ol>
      )}
      {summary && summary.watched_total > shown.length ? (
        <p>
          <Link to={expiringHref(horizon)}>
            {formatCount(summary.watched_total - shown.length)} more in the list
          </Link>
        </p>
      ) : null}
      {summary && summary.expired_unrenewed > 0 ? (
        <p className="pki-board__expired">
          {formatCount(summary.expired_unrenewed)} certificate
          {summary.expired_unrenewed === 1 ? ' has' : 's have'} ended without being renewed or revoked.{' '}
          <Link to={EXPIRED_HREF}>Review expired certificates</Link>
        </p>
      ) : null}
      <h3>Revocation list publication</h3>
      {signing.length === 0 ? (
        <p>No authority of this appliance publishes a revocation list yet.</p>
      ) : (
        <ul className="pki-crl-status">
          {signing.map((ca) => {
            const late = ca.crl ? isPast(ca.crl.next_update) : true;
            return (
              <li key={ca.id}>
                <Link to={`/system/certificate-authorities/${ca.id}`}>{ca.name}</Link>:{' '}
                {ca.crl
                  ? `CRL #${ca.crl.number} published ${formatDate(ca.crl.this_update)}, next by ${formatDate(ca.crl.next_update)}`
                  : 'no CRL published'}
                {late ? <strong> (overdue)</strong> : null}
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
