/**
 * Above the certificates list: when each certificate runs out (amber within 14 days, red once expired), what uses
 * it, a one-click Renew, and each authority's CRL publication. Certificates about to expire also get a banner in
 * the notification center (once per certificate and expiry date; several read as one summary with a Review link to
 * the list filtered to them). The console raises these itself: a dismissal is remembered for the user and that
 * certificate's expiry date, never sent to the server. Renew is not offered on a read-only page.
 */
import { useEffect, useId } from 'react';
import { Link } from 'react-router';
import { useAppDispatch } from '../../../../store/createStore';
import { notificationRequested } from '../../../../store/slices/notifications.slice';
import { useResourceSave } from '../../../../store/useResource';
import { daysLeft, EXPIRY_WARNING_DAYS, formatDate, isPast } from '../common/pki';
import { CAS_KEY, CERTIFICATES_KEY, type Certificate, type CertificateAuthority } from '../types';
import { useReadOnly } from '../../common/config/ReadOnly';

/** How far ahead the timeline looks. */
const HORIZON_DAYS = 90;

const tone = (left: number) => (left < 0 ? 'expired' : left < EXPIRY_WARNING_DAYS ? 'soon' : 'ok');
const leftText = (left: number) =>
  left < 0 ? `expired ${-left} day${left === -1 ? '' : 's'} ago` : `${left} day${left === 1 ? '' : 's'} left`;

/** Expiry banners of several certificates read as one line. */
export const EXPIRY_GROUP = {
  key: 'pki-expiry',
  summary: `{count} certificates expire within ${EXPIRY_WARNING_DAYS} days`,
  review: { label: 'Review', to: '/system/certificates?expiry=soon' },
};

/** Certificates worth watching: not revoked, not already replaced, ending within the horizon. */
export function watchedCertificates(certs: readonly Certificate[], now = Date.now()) {
  return certs
    .filter((c) => c.status !== 'revoked' && !c.renewed_by && daysLeft(c.not_after, now) < HORIZON_DAYS)
    .sort((a, b) => Date.parse(a.not_after) - Date.parse(b.not_after));
}

export function LifecycleBoard({
  certificates,
  authorities,
}: {
  certificates: readonly Certificate[];
  authorities: readonly CertificateAuthority[];
}) {
  const headingId = useId();
  const dispatch = useAppDispatch();
  const renewal = useResourceSave();
  const readOnly = useReadOnly();
  const watched = watchedCertificates(certificates);
  useEffect(() => {
    for (const c of watched) {
      const left = daysLeft(c.not_after);
      if (left < 0 || left >= EXPIRY_WARNING_DAYS) continue;
      dispatch(
        notificationRequested({
          kind: 'banner',
          level: 'warning',
          notice: { key: `pki-expiry-${c.id}`, version: c.not_after },
          group: EXPIRY_GROUP,
          title: 'Certificate about to expire',
          message: `${c.name} expires in ${leftText(left).replace(' left', '')}${c.used_by.length ? ` (used by ${c.used_by.join(', ')})` : ''}.`,
        }),
      );
    }
    // Once per list answer: the ids and versions make repeats no-ops anyway.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [certificates, dispatch]);
  const signing = authorities.filter((ca) => ca.has_private_key);
  return (
    <section className="config-section pki-board" aria-labelledby={headingId}>
      <h2 id={headingId}>Lifecycle</h2>
      <h3>Expiry in the next {HORIZON_DAYS} days</h3>
      {watched.length === 0 ? (
        <p>No certificate expires in the next {HORIZON_DAYS} days.</p>
      ) : (
        <ol className="pki-timeline">
          {watched.map((c) => {
            const left = daysLeft(c.not_after);
            const renewable = !readOnly && c.ca_id !== null && c.profile !== 'other';
            return (
              <li key={c.id} className={`pki-timeline__item pki-timeline__item--${tone(left)}`}>
                <span
                  className="pki-timeline__bar"
                  aria-hidden="true"
                  style={{
                    width: `${Math.max(2, Math.min(100, (Math.max(left, 0) / HORIZON_DAYS) * 100))}%`,
                  }}
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
                        key: CERTIFICATES_KEY,
                        method: 'POST',
                        path: `pki/certificates/${c.id}/renew`,
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
