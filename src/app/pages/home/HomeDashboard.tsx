/**
 * Home: a dashboard of the machine and the appliance, refreshed while open (`homeLiveSaga`). The machine's figures
 * come from `GET {api}system/status` every few seconds (CPU and memory kept client-side as sparklines); the facts
 * an admin looks for (interfaces, DNS proxy, SSH, updates, certificates, failed sign-ins) come from
 * `GET {api}dashboard`, which leaves out the parts the account cannot read: such a card is simply absent.
 * Cards are as tall as their content (a grid whose rows size to the content); colour means trouble only.
 */
import { useEffect, type ReactNode } from 'react';
import { Link } from 'react-router';
import { formatDateTime, formatSize, formatTimeSince } from '../../../lib/format';
import { useAppDispatch, useAppSelector } from '../../../store/createStore';
import {
  homeClosed,
  homeOpened,
  selectNetwork,
  type DashboardSummary,
  type StatusPoint,
  type SystemStatus,
} from '../../../store/slices/network.slice';
import { Sparkline } from '../../../widgets/charts';
import { PageHeader } from '../../../widgets/PageHeader';
import type { DaemonSummary } from '../../../shared/dashboard';
import type { FleetSettingsAnswer, FleetSummary } from '../../../shared/contracts/fleetEnrolment';
import { useResource } from '../../../store/useResource';
import { usePrivilege } from '../../../store/usePrivilege';
import { FLEET_SETTINGS_KEY, FLEET_SUMMARY_KEY } from '../system/fleet/resources';
import './home.css';

export const HOME_TITLE = 'Console';

const percent = (used: number, total: number) => (total > 0 ? Math.round((used / total) * 1000) / 10 : 0);

export function logReportLink(service: string) {
  return `/logs/overview?services=${encodeURIComponent(service)}`;
}

export type Level = 'ok' | 'warning' | 'danger';

/** Disk use: neutral under 80 %, amber from 80 to 90 %, red above. */
export const diskLevel = (usedPercent: number): Level =>
  usedPercent > 90 ? 'danger' : usedPercent >= 80 ? 'warning' : 'ok';

const LEVEL_COLOR: Record<Level, string> = {
  ok: 'var(--color-text-muted)',
  warning: 'var(--color-warning)',
  danger: 'var(--color-danger)',
};

function Card({
  id,
  title,
  manage,
  children,
}: {
  id: string;
  title: string;
  manage?: { to: string; label: string };
  children: ReactNode;
}) {
  return (
    <section className="home__card" aria-labelledby={`home-${id}`}>
      <header className="home__card-head">
        <h2 id={`home-${id}`}>{title}</h2>
        {manage ? (
          <Link to={manage.to} className="home__manage">
            {manage.label}
          </Link>
        ) : null}
      </header>
      {children}
    </section>
  );
}

function Facts({ rows }: { rows: Array<[string, ReactNode] | null | false> }) {
  return (
    <dl className="home__facts">
      {rows
        .filter((r): r is [string, ReactNode] => Boolean(r))
        .map(([k, v]) => (
          <div key={k} className="home__fact">
            <dt>{k}</dt>
            <dd>{v}</dd>
          </div>
        ))}
    </dl>
  );
}

function Flag({ level, children }: { level: Level; children: ReactNode }) {
  return level === 'ok' ? (
    <>{children}</>
  ) : (
    <span className={`home__flag home__flag--${level}`}>{children}</span>
  );
}

const onOff = (on: boolean) => (on ? 'On' : 'Off');

function Trend({ label, values, unit }: { label: string; values: number[]; unit: string }) {
  const last = values.at(-1);
  return (
    <div className="home__trend">
      <span className="home__trend-label">{label}</span>
      <span className="home__trend-value">{last === undefined ? 'unknown' : `${last} ${unit}`}</span>
      <Sparkline
        label={`${label}, last ${values.length} readings`}
        values={values}
        width={300}
        height={28}
        color="var(--color-info)"
        max={100}
      />
    </div>
  );
}

function DiskMeter({ disk }: { disk: NonNullable<SystemStatus['disk']> }) {
  const used = disk.totalBytes - disk.freeBytes;
  const p = percent(used, disk.totalBytes);
  const level = diskLevel(p);
  const note = level === 'danger' ? ' (almost full)' : level === 'warning' ? ' (filling up)' : '';
  return (
    <div className="home__disk">
      <div className="home__trend-label">Disk {disk.path}</div>
      <div
        role="meter"
        className="home__meter"
        aria-label={`Disk used on ${disk.path}`}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={p}
        aria-valuetext={`${p} % used${note}`}
        style={{ ['--meter-color' as string]: LEVEL_COLOR[level] }}
      >
        <span className="home__meter-used" style={{ width: `${Math.min(100, p)}%` }} />
      </div>
      <div className="home__disk-text">
        <Flag level={level}>
          {p} % used{note}
        </Flag>
        : {formatSize(used)} of {formatSize(disk.totalBytes)}, {formatSize(disk.freeBytes)} free
      </div>
    </div>
  );
}

function Resources({ status, history }: { status: SystemStatus; history: StatusPoint[] }) {
  const cpu = history.map((h) => h.cpu).filter((v): v is number => v !== null);
  return (
    <Card id="resources" title="Resources" manage={{ to: '/network/analytics', label: 'Analytics' }}>
      <Trend label="CPU busy" unit="%" values={cpu} />
      <Trend
        label={`Memory used of ${formatSize(status.memory.totalBytes)}`}
        unit="%"
        values={history.map((h) => h.memory)}
      />
      {status.disk ? (
        <DiskMeter disk={status.disk} />
      ) : (
        <p>The disk usage of the data directory cannot be read on this platform.</p>
      )}
    </Card>
  );
}

function SystemCard({ status, summary }: { status: SystemStatus; summary: DashboardSummary | null }) {
  return (
    <Card id="system" title="System" manage={{ to: '/network/preferences', label: 'Preferences' }}>
      <Facts
        rows={[
          ['Host name', summary?.host.hostname ?? 'unknown'],
          ['Version', status.appliance_version],
          ['Uptime', formatTimeSince(0, status.uptime_seconds * 1000, 3)],
          ['Load (1, 5, 15 min)', status.load.map((l) => l.toFixed(2)).join(', ')],
          ['Running jobs', status.running_jobs],
        ]}
      />
    </Card>
  );
}

function NetworkCard({ network }: { network: NonNullable<DashboardSummary['network']> }) {
  return (
    <Card id="network" title="Network" manage={{ to: '/network/overview', label: 'Interfaces' }}>
      <Facts
        rows={[
          ...network.interfaces.map((i): [string, ReactNode] => [
            i.name,
            <>
              {i.addresses.length ? i.addresses.join(', ') : 'no address'}
              {i.state === 'up' ? null : (
                <>
                  {' '}
                  <Flag level="warning">{i.state}</Flag>
                </>
              )}
            </>,
          ]),
          ['Gateway', network.gateway ?? 'none'],
          ['DNS servers', network.dns_servers.length ? network.dns_servers.join(', ') : 'none'],
        ]}
      />
    </Card>
  );
}

function UpdatesCard({ updates }: { updates: NonNullable<DashboardSummary['updates']> }) {
  const pending =
    updates.available === 0
      ? 'None'
      : `${updates.available} (newest ${updates.newest ?? '?'}${updates.security ? `, ${updates.security} security` : ''})`;
  return (
    <Card id="updates" title="Updates" manage={{ to: '/updates/update', label: 'Updates' }}>
      <Facts
        rows={[
          ['Installed', updates.current_version],
          ['Pending', updates.security ? <Flag level="warning">{pending}</Flag> : pending],
          [
            'Last check',
            updates.last_check_at === null ? (
              'never'
            ) : updates.last_check_error ? (
              <Flag level="danger">failed {formatDateTime(updates.last_check_at)}</Flag>
            ) : (
              formatDateTime(updates.last_check_at)
            ),
          ],
        ]}
      />
    </Card>
  );
}

function BackupsCard({ backups }: { backups: NonNullable<DashboardSummary['backups']> }) {
  const size = backups.last_size === null ? '' : ` (${(backups.last_size / 1024 / 1024).toFixed(1)} MiB)`;
  return (
    <Card id="backups" title="Backups" manage={{ to: '/system/backups', label: 'Backups' }}>
      <Facts
        rows={[
          [
            'Last backup',
            backups.last_at === null ? (
              backups.targets ? (
                'never'
              ) : (
                <Flag level="warning">no target</Flag>
              )
            ) : backups.last_ok === false ? (
              <Flag level="danger">
                failed {formatDateTime(backups.last_at)} ({backups.last_target}): {backups.last_error}
              </Flag>
            ) : (
              `${formatDateTime(backups.last_at)} to ${backups.last_target ?? '?'}${size}`
            ),
          ],
          ['Next', backups.next_run_at === null ? 'not scheduled' : formatDateTime(backups.next_run_at)],
        ]}
      />
    </Card>
  );
}

function CertificatesCard({ certs }: { certs: NonNullable<DashboardSummary['certificates']> }) {
  return (
    <Card
      id="certificates"
      title="Certificates"
      manage={{ to: '/system/certificates', label: 'Certificates' }}
    >
      <Facts
        rows={[
          [
            `Expiring within ${certs.window_days} days`,
            certs.expiring ? <Flag level="warning">{certs.expiring}</Flag> : 'None',
          ],
          ['Expired', certs.expired ? <Flag level="danger">{certs.expired}</Flag> : 'None'],
        ]}
      />
      {certs.soonest.length ? (
        <ul className="home__list" aria-label="Expiring soonest">
          {certs.soonest.map((c) => (
            <li key={c.id}>
              <Link to={`/system/certificates/${c.id}`}>{c.name}</Link>{' '}
              <time dateTime={c.not_after}>{formatDateTime(Date.parse(c.not_after))}</time>
            </li>
          ))}
        </ul>
      ) : null}
    </Card>
  );
}

function SignInsCard({ signIns }: { signIns: NonNullable<DashboardSummary['sign_ins']> }) {
  return (
    <Card id="sign-ins" title="Failed sign-ins" manage={{ to: '/authentication/users', label: 'Accounts' }}>
      <Facts
        rows={[
          [
            `Last ${signIns.window_hours} hours`,
            signIns.failed ? <Flag level="warning">{signIns.failed}</Flag> : 'None',
          ],
        ]}
      />
      {signIns.recent.length ? (
        <ul className="home__list" aria-label="Most recent failed sign-ins">
          {signIns.recent.map((s) => (
            <li key={`${s.username}-${s.at}-${s.source}`}>
              <time dateTime={new Date(s.at).toISOString()}>{formatDateTime(s.at)}</time> {s.username} from{' '}
              {s.source} ({s.method})
            </li>
          ))}
        </ul>
      ) : null}
    </Card>
  );
}

/** The fleet in numbers, on a console that manages one and for accounts that may read the fleet. */
function FleetCard() {
  const mayRead = usePrivilege('fleet', 'read');
  const settings = useResource<FleetSettingsAnswer>(FLEET_SETTINGS_KEY, { skip: !mayRead });
  const managed = mayRead && settings.data?.settings.manage === true;
  const { data: fleet } = useResource<FleetSummary>(FLEET_SUMMARY_KEY, { skip: !managed });
  if (!managed || !fleet) return null;
  const alerts = fleet.alerts.critical + fleet.alerts.warning;
  return (
    <Card id="fleet" title="Fleet" manage={{ to: '/system/fleet', label: 'Fleet' }}>
      <Facts
        rows={[
          ['Online', `${fleet.online} of ${fleet.total}`],
          ['Offline', fleet.offline ? <Flag level="danger">{fleet.offline}</Flag> : 'None'],
          [
            'Alerts',
            alerts ? (
              <Flag level={fleet.alerts.critical ? 'danger' : 'warning'}>
                {fleet.alerts.critical} critical, {fleet.alerts.warning} warning
              </Flag>
            ) : (
              'None'
            ),
          ],
          [
            'Certificates expiring',
            fleet.certificates_expiring ? <Flag level="warning">{fleet.certificates_expiring}</Flag> : 'None',
          ],
        ]}
      />
    </Card>
  );
}

/** On/off as configured, and what actually runs when the service manager says (on but not running is trouble). */
function daemonState(enabled: boolean, daemon: DaemonSummary | undefined): ReactNode {
  if (!daemon) return onOff(enabled);
  const running = daemon.status === 'running';
  const label = { running: 'Running', stopped: 'Stopped', failed: 'Failed', not_installed: 'Not installed' }[
    daemon.status
  ];
  return (
    <>
      {onOff(enabled)}
      <span
        className={enabled && !running ? 'home__flag home__flag--danger' : 'home__muted'}
        title={daemon.message ?? undefined}
      >
        {' '}
        · {label}
      </span>
    </>
  );
}

function Dashboard({
  status,
  history,
  summary,
}: {
  status: SystemStatus;
  history: StatusPoint[];
  summary: DashboardSummary | null;
}) {
  return (
    <div className="home__grid">
      <SystemCard status={status} summary={summary} />
      <Resources status={status} history={history} />
      {summary?.network ? <NetworkCard network={summary.network} /> : null}
      {summary?.dns ? (
        <Card id="dns" title="DNS proxy" manage={{ to: '/dns/proxy', label: 'DNS proxy' }}>
          <Facts
            rows={[
              ['State', daemonState(summary.dns.enabled, summary.dns.daemon)],
              ['Port', summary.dns.port],
              ['DNSSEC', onOff(summary.dns.dnssec)],
            ]}
          />
        </Card>
      ) : null}
      {summary?.ssh ? (
        <Card id="ssh" title="SSH" manage={{ to: '/ssh/config', label: 'SSH' }}>
          <Facts
            rows={[
              ['State', daemonState(summary.ssh.enabled, summary.ssh.daemon)],
              ['Port', summary.ssh.port],
              ['Password sign-in', onOff(summary.ssh.password_authentication)],
              ['Root sign-in', summary.ssh.permit_root_login],
            ]}
          />
        </Card>
      ) : null}
      {summary?.updates ? <UpdatesCard updates={summary.updates} /> : null}
      {summary?.certificates ? <CertificatesCard certs={summary.certificates} /> : null}
      {summary?.backups ? <BackupsCard backups={summary.backups} /> : null}
      {summary?.sign_ins ? <SignInsCard signIns={summary.sign_ins} /> : null}
      <FleetCard />
      {status.recent_events === null ? null : (
        <Card id="events" title="Recent warnings" manage={{ to: '/logs/overview', label: 'Logs' }}>
          {status.recent_events.length === 0 ? (
            <p>No log entry reports a failure or a warning.</p>
          ) : (
            <ul className="home__list">
              {status.recent_events.map((e) => (
                <li key={e.id}>
                  <time dateTime={new Date(e.timestamp * 1000).toISOString()}>
                    {formatDateTime(e.timestamp * 1000)}
                  </time>{' '}
                  <Link to={logReportLink(e.service)}>{e.service}</Link>: {e.message}
                </li>
              ))}
            </ul>
          )}
        </Card>
      )}
      <Card id="services" title="Services">
        <Facts
          rows={status.services.map((s): [string, ReactNode] => [
            s.name,
            <>
              {s.state === 'running' ? 'Running' : 'Off'}
              <span className="home__muted"> · {s.detail}</span>
            </>,
          ])}
        />
      </Card>
    </div>
  );
}

export function HomePage() {
  const dispatch = useAppDispatch();
  const { status, statusHistory, dashboard } = useAppSelector(selectNetwork);
  useEffect(() => {
    dispatch(homeOpened());
    return () => {
      dispatch(homeClosed());
    };
  }, [dispatch]);
  return (
    <section className="page home" aria-label={HOME_TITLE}>
      <PageHeader title={HOME_TITLE} help={{ to: '/help#home', label: 'Help: home' }} />
      {status.data ? (
        <Dashboard status={status.data} history={statusHistory} summary={dashboard.data} />
      ) : (
        <p role={status.status === 'failed' ? 'alert' : 'status'}>
          {status.status === 'failed'
            ? 'The status of the appliance could not be read.'
            : 'Loading the status…'}
        </p>
      )}
    </section>
  );
}
