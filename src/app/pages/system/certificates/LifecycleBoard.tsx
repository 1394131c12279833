/**
 * Above the certificates list: when each certificate still in use runs out (amber within 14 days), what uses it, a
 * one-click Renew, how many ended without renewal (a link to them), and each authority's CRL publication. Certificates about to expire also get a banner in
 * the notification center (once per certificate and expiry date; several read as one summary with a Review link to
 * the list filtered to them). The console raises these itself: a dismissal is remembered for the user and that
 * certificate's expiry date, never sent to the server. Renew is not offered on a read-only page. Everything comes
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

/** Expiry banners raised per task (see the effect below). */
const BANNER_BATCH = 20;

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
    const notices = watched
      .filter((c) => {
        const left = daysLeft(c.not_after);
        return left >= 0 && left < EXPIRY_WARNING_DAYS;
      })
      .map((c) =>
        notificationRequested({
          kind: 'banner',
          level: 'warning',
          notice: { key: `pki-expiry-${c.id}`, version: c.not_after },
          group: EXPIRY_GROUP,
          title: 'Certificate about to expire',
          message: `${c.name} expires in ${leftText(daysLeft(c.not_after)).replace(' left', '')}${c.used_by.length ? ` (used by ${c.used_by.join(', ')})` : ''}.`,
        }),
      );
    // A few hundred banners raised at once would be one long task right after the page appears: the first batch
    // now, the rest a batch per task (the banner area shows them as one summary line either way).
    let timer: ReturnType<typeof setTimeout> | undefined;
    const raise = (from: number) => {
      for (const action of notices.slice(from, from + BANNER_BATCH)) dispatch(action);
      if (from + BANNER_BATCH < notices.length) timer = setTimeout(() => raise(from + BANNER_BATCH), 0);
    };
    raise(0);
    return () => clearTimeout(timer);
    // Once per summary answer: the ids and versions make repeats no-ops anyway.
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
