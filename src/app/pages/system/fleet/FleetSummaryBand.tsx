/**
 * The calm band over the fleet overview: how many appliances and how many online, alerts across the fleet by
 * severity, certificates expiring, configurations changed locally. Only trouble is coloured.
 */
import { useId } from 'react';
import type { FleetSummary } from '../../../../shared/contracts/fleetEnrolment';
import { formatCount } from '../../../../widgets/DataTable/words';

const plural = (n: number, one: string, other: string) => `${formatCount(n)} ${n === 1 ? one : other}`;

export function FleetSummaryBand({ summary }: { summary: FleetSummary | undefined }) {
  const headingId = useId();
  if (!summary) return null;
  const { alerts } = summary;
  const firing = alerts.critical + alerts.warning + alerts.info;
  return (
    <section className="fleet-band" aria-labelledby={headingId}>
      <h2 id={headingId} className="fleet-band__title">
        {plural(summary.total, 'appliance', 'appliances')}: {formatCount(summary.online)} online
      </h2>
      <dl className="fleet-band__facts">
        <div>
          <dt>Offline</dt>
          <dd className={summary.offline ? 'fleet-band__flag fleet-band__flag--danger' : undefined}>
            {formatCount(summary.offline)}
          </dd>
        </div>
        <div>
          <dt>Never connected</dt>
          <dd>{formatCount(summary.never_connected)}</dd>
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
