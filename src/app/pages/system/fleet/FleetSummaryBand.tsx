/**
 * The calm band over the fleet overview: how many appliances and how many online, alerts across the fleet by
 * severity, certificates expiring, configurations changed locally. Only trouble is coloured. The online, offline
 * and never-connected figures link to the list filtered to them (the whole fleet's figures: no other filter).
 */
import { useId } from 'react';
import { Link } from 'react-router';
import type { FleetSummary } from '../../../../shared/contracts/fleetEnrolment';
import { formatCount } from '../../../../widgets/DataTable/words';

const byPresence = (presence: 'online' | 'offline' | 'never') => `/system/fleet?presence=${presence}`;

const plural = (n: number, one: string, other: string) => `${formatCount(n)} ${n === 1 ? one : other}`;

export function FleetSummaryBand({ summary }: { summary: FleetSummary | undefined }) {
  const headingId = useId();
  if (!summary) return null;
  const { alerts } = summary;
  const firing = alerts.critical + alerts.warning + alerts.info;
  return (
    <section className="fleet-band" aria-labelledby={headingId}>
      <h2 id={headingId} className="fleet-band__title">
        {plural(summary.total, 'appliance', 'appliances')}:{' '}
        <Link to={byPresence('online')}>{formatCount(summary.online)} online</Link>
      </h2>
      <dl className="fleet-band__facts">
        <div>
          <dt>Offline</dt>
          <dd className={summary.offline ? 'fleet-band__flag fleet-band__flag--danger' : undefined}>
            <Link to={byPresence('offline')}>{formatCount(summary.offline)}</Link>
          </dd>
        </div>
        <div>
          <dt>Never connected</dt>
          <dd>
            <Link to={byPresence('never')}>{formatCount(summary.never_connected)}</Link>
          </dd>
        </div>
        <div>
          <dt>Alerts</dt>
          <dd
            className={
              alerts.critical
                ? 'fleet-band__flag fleet-band__flag--danger'
                : alerts.warning
                  ? 'fleet-band__flag fleet-band__flag--warning'
                  : undefined
            }
          >
            {firing
              ? `${formatCount(alerts.critical)} critical, ${formatCount(alerts.warning)} warning, ${formatCount(alerts.info)} info`
              : 'None'}
          </dd>
        </div>
        <div>
          <dt>Certificates expiring</dt>
          <dd
            className={
              summary.certificates_expiring ? 'fleet-band__flag fleet-band__flag--warning' : undefined
            }
          >
            {summary.certificates_expiring ? formatCount(summary.certificates_expiring) : 'None'}
          </dd>
        </div>
        <div>
          <dt>Changed locally</dt>
          <dd className={summary.changed_locally ? 'fleet-band__flag fleet-band__flag--warning' : undefined}>
            {summary.changed_locally ? formatCount(summary.changed_locally) : 'None'}
          </dd>
        </div>
      </dl>
    </section>
  );
}
