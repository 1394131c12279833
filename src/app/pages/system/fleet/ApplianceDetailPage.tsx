/**
 * /system/fleet/{id}: one appliance of the fleet: its live summary (from its newest state record, asked again every
 * few seconds while the page is open), its recent events (RecentEvents, asked again as often), its certificate and
 * enrolment history, remove (its certificate revoked), and a plain link to its own console at the address it
 * reports (only an http(s) URL; never proxied).
 */
import { Link } from 'react-router';
import { removeFleetAppliance, type FleetApplianceDetail } from '../../../../shared/contracts/fleetEnrolment';
import {
  DeleteButton,
  DetailSection,
  EntityDetailView,
  entityDetailPage,
  useEntityKey,
} from '../../common/entity/EntityDetailPage';
import type { EntityDetailSource } from '../../common/entity/useEntityDetail';
import { Facts } from '../common/Facts';
import { RecentEvents } from './RecentEvents';
import { FLEET_APPLIANCES_KEY, FLEET_SUMMARY_KEY, fleetApplianceKey } from './resources';
import {
  alertsText,
  applianceState,
  backupText,
  CONFIG_WORDS,
  consoleHref,
  formatWhen,
  servicesText,
  uptimeText,
} from './states';
import { usePolling } from './usePolling';
import '../common/pki.css';
import './fleet.css';

export const APPLIANCE_DETAIL: EntityDetailSource<FleetApplianceDetail> = {
  key: fleetApplianceKey,
  noun: 'Appliance',
  title: (a) => a.name,
  documentTitle: (a) => `${a.name} · Fleet`,
  back: { to: '/system/fleet', label: 'Fleet' },
};

const EVENT_WORDS = { added: 'Added', enrolled: 'Enrolled', refused: 'Refused', removed: 'Removed' } as const;

/** Its own console: a link only to an http(s) address, else what it reported as text. */
export function ConsoleLink({ url }: { url: string | null }) {
  const href = consoleHref(url);
  if (href)
    return (
      <a href={href} target="_blank" rel="noopener noreferrer">
        Open its console
      </a>
    );
  return url ? <span>{url} (not an http(s) address: not linked)</span> : <span>Not reported yet</span>;
}

function ApplianceView({ entity: a }: { entity: FleetApplianceDetail }) {
  usePolling(useEntityKey());
  const state = applianceState(a);
  const { live } = a;
  return (
    <EntityDetailView
      header={{
        badge: { label: state.short, color: state.color === 'blue' ? 'grey' : state.color },
        subtitle: a.group ? `Group ${a.group}` : 'No group',
      }}
      remove={
        a.state === 'removed'
          ? undefined
          : {
              endpoint: removeFleetAppliance,
              message: `Remove ${a.name} from the fleet? Its certificate is revoked and its connection closed; it cannot reconnect.`,
              key: FLEET_APPLIANCES_KEY,
              done: `${a.name} removed from the fleet.`,
              refresh: [FLEET_SUMMARY_KEY],
            }
      }
    >
      <div className="entity-actions">
        {live && consoleHref(live.console_url) ? <ConsoleLink url={live.console_url} /> : null}
        {a.state === 'removed' ? null : <DeleteButton label="Remove from fleet" danger />}
      </div>
      <DetailSection title="Live state">
        {live ? (
          <Facts
            items={[
              ['State', state.label],
              ['Last seen', formatWhen(live.last_seen)],
              ['Version', live.version],
              ['Services', servicesText(live.services)],
              ['Uptime', uptimeText(live.uptime_s)],
              ['Load (1, 5, 15 min)', live.load.map((n) => n.toFixed(2)).join(' ')],
              ['Firing alerts', alertsText(live.alerts)],
              ['Certificates expiring', String(live.certificates_expiring)],
              ['Configuration', CONFIG_WORDS[live.config]],
              [
                'Configuration revision',
                live.config_revision === null ? 'None yet' : `#${live.config_revision}`,
              ],
              ['Last backup', backupText(live.backup)],
              ['Its console', <ConsoleLink key="c" url={live.console_url} />],
            ]}
          />
        ) : (
          <p>{state.label}: no state record from this appliance yet.</p>
        )}
      </DetailSection>
      <DetailSection title="Recent events">
        <RecentEvents id={a.id} />
      </DetailSection>
      <DetailSection title="Certificate">
        {a.certificate_id ? (
          <Facts
            items={[
              [
                'Certificate',
                <Link key="cert" to={`/system/certificates/${a.certificate_id}`}>
                  Its certificate
                </Link>,
              ],
              ['Serial number', <code key="s">{a.certificate_serial ?? '—'}</code>],
              ['Valid until', formatWhen(a.certificate_not_after)],
            ]}
          />
        ) : (
          <p>No certificate: the appliance has not enrolled.</p>
        )}
      </DetailSection>
      <DetailSection title="Enrolment history">
        {a.history.length ? (
          <ol className="fleet-history">
            {a.history.map((h, i) => (
              <li key={`${h.at}-${i}`}>
                <time dateTime={h.at}>{formatWhen(h.at)}</time> · {EVENT_WORDS[h.event]}
                {h.actor ? ` by ${h.actor}` : ''}
                {h.detail ? `: ${h.detail}` : ''}
              </li>
            ))}
          </ol>
        ) : (
          <p>Nothing recorded yet.</p>
        )}
      </DetailSection>
    </EntityDetailView>
  );
}

export const ApplianceDetailPage = entityDetailPage(APPLIANCE_DETAIL, ApplianceView, { writableBy: 'fleet' });
