/**
 * Home: a dashboard of the machine and the appliance, refreshed every few seconds while open (`homeLiveSaga`).
 * Every figure comes from `GET {api}system/status`; what the server does not know is shown as unknown.
 */
import { useEffect } from 'react';
import { Link } from 'react-router';
import { formatDateTime, formatSize, formatTimeSince } from '../../../lib/format';
import { useAppDispatch, useAppSelector } from '../../../store/createStore';
import {
  homeClosed,
  homeOpened,
  selectNetwork,
  type SystemStatus,
} from '../../../store/slices/network.slice';
import { DoughnutChart, MetricWidget } from '../../../widgets/charts';
import { PageHeader } from '../../../widgets/PageHeader';
import './home.css';

export const HOME_TITLE = 'Console';

const percent = (used: number, total: number) => (total > 0 ? Math.round((used / total) * 1000) / 10 : 0);

export function logReportLink(service: string) {
  return `/logs/overview?services=${encodeURIComponent(service)}`;
}

function Dashboard({ status }: { status: SystemStatus }) {
  const memUsed = status.memory.totalBytes - status.memory.freeBytes;
  const disk = status.disk;
  const diskUsed = disk ? disk.totalBytes - disk.freeBytes : 0;
  return (
    <>
      <div className="home__metrics">
        <MetricWidget
          title="CPU busy"
          value={status.cpu_percent ?? 0}
          unit={status.cpu_percent === null ? '% (unknown)' : '%'}
        />
        <MetricWidget
          title="Memory used"
          value={percent(memUsed, status.memory.totalBytes)}
          unit={`% of ${formatSize(status.memory.totalBytes)}`}
        />
        <MetricWidget
          title="Running jobs"
          value={status.running_jobs}
          callToAction={{ label: 'Updates', to: '/updates/update' }}
        />
        <section className="home__card" aria-labelledby="home-facts">
          <h3 id="home-facts">Appliance</h3>
          <dl className="home__facts">
            <dt>Version</dt>
            <dd>{status.appliance_version}</dd>
            <dt>Uptime</dt>
            <dd>{formatTimeSince(0, status.uptime_seconds * 1000, 3)}</dd>
            <dt>Load (1, 5, 15 min)</dt>
            <dd>{status.load.map((l) => l.toFixed(2)).join(', ')}</dd>
            <dt>Pending updates</dt>
            <dd>None known: the appliance has no update source; install packages from Updates.</dd>
          </dl>
        </section>
      </div>
      <div className="home__row">
        <section className="home__card" aria-labelledby="home-disk">
          <h3 id="home-disk">Disk</h3>
          {disk ? (
            <DoughnutChart
              title={`Disk of ${disk.path}`}
              segments={[
                { name: 'Used', value: diskUsed },
                { name: 'Free', value: disk.freeBytes },
              ]}
              summaryValue={`${percent(diskUsed, disk.totalBytes)} %`}
              summarySubValue={`of ${formatSize(disk.totalBytes)}`}
              formatValue={(v) => formatSize(v)}
              showLegend
            />
          ) : (
            <p>The disk usage of the data directory cannot be read on this platform.</p>
          )}
        </section>
        <section className="home__card" aria-labelledby="home-services">
          <h3 id="home-services">Services</h3>
          <table className="home__table">
            <thead>
              <tr>
                <th scope="col">Service</th>
                <th scope="col">State</th>
                <th scope="col">Detail</th>
              </tr>
            </thead>
            <tbody>
              {status.services.map((s) => (
                <tr key={s.name}>
                  <th scope="row">{s.name}</th>
                  <td className={`home__state home__state--${s.state}`}>{s.state}</td>
                  <td>{s.detail}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      </div>
      <section className="home__card" aria-labelledby="home-events">
        <h3 id="home-events">Recent warnings and errors</h3>
        {status.recent_events.length === 0 ? (
          <p>No log entry reports a failure or a warning.</p>
        ) : (
          <ul className="home__events">
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
      </section>
    </>
  );
}

export function HomePage() {
  const dispatch = useAppDispatch();
  const { status } = useAppSelector(selectNetwork);
  useEffect(() => {
    document.title = `${HOME_TITLE} · Rampart`;
    dispatch(homeOpened());
    return () => {
      dispatch(homeClosed());
    };
  }, [dispatch]);
  return (
    <section className="page home" aria-label={HOME_TITLE}>
      <PageHeader title={HOME_TITLE} help={{ to: '/help#home', label: 'Help: home' }} />
      {status.data ? (
        <Dashboard status={status.data} />
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
