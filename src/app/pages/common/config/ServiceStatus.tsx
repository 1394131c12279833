/**
 * The running daemon of a configuration page (the DNS proxy's unbound, sshd): its real state from the appliance's
 * service manager — running, stopped, failed, not installed — with pid, since when, the last exit and why, its last
 * log lines, and Start / Stop / Restart for accounts that may change the area. Polled every few seconds (passively:
 * watching is not activity), and reloaded after Apply.
 */
import { useEffect, useId } from 'react';
import { Link } from 'react-router';
import { formatDateTime } from '../../../../lib/format/time';
import { useResource, useResourceSave } from '../../../../store/useResource';
import { useAppDispatch } from '../../../../store/createStore';
import { resourceKeyOf, resourceLoadRequested } from '../../../../store/slices/resources.slice';
import type { ServiceAction, ServiceEndpoints, ServiceState } from '../../../../shared/contracts/services';
import { useReadOnly } from './ReadOnly';

export const SERVICE_POLL_MS = 5000;

const STATUS_LABEL: Record<ServiceState['status'], string> = {
  running: 'Running',
  stopped: 'Stopped',
  failed: 'Failed',
  not_installed: 'Not installed',
};

export function serviceStatusLabel(s: Pick<ServiceState, 'status'>): string {
  return STATUS_LABEL[s.status];
}

export function ServiceStatus({ service, logService }: { service: ServiceEndpoints; logService: string }) {
  const resourceKey = resourceKeyOf(service.state);
  const headingId = useId();
  const dispatch = useAppDispatch();
  const { data, status } = useResource<ServiceState>(resourceKey);
  const { save, pending } = useResourceSave();
  const readOnly = useReadOnly();
  useEffect(() => {
    const timer = setInterval(
      () => dispatch(resourceLoadRequested({ key: resourceKey, passive: true })),
      SERVICE_POLL_MS,
    );
    return () => clearInterval(timer);
  }, [dispatch, resourceKey]);

  const act = (action: ServiceAction, message: string) =>
    save({ endpoint: service[action], key: resourceKey, message });

  return (
    <section className="config-section service-status" aria-labelledby={headingId}>
      <div className="config-section__head">
        <h2 id={headingId}>Service status</h2>
        {data && !readOnly && data.backend !== 'off' && data.status !== 'not_installed' ? (
          <div className="service-status__actions">
            {data.status === 'running' ? (
              <>
                <button
                  type="button"
                  className="button"
                  disabled={pending}
                  onClick={() => act('restart', `${data.label} restarted`)}
                >
                  Restart
                </button>
                <button
                  type="button"
                  className="button"
                  disabled={pending}
                  onClick={() => act('stop', `${data.label} stopped`)}
                >
                  Stop
                </button>
              </>
            ) : (
              <button
                type="button"
                className="button"
                disabled={pending || !data.enabled}
                title={data.enabled ? undefined : 'Turn the service on and apply the configuration first'}
                onClick={() => act('start', `${data.label} started`)}
              >
                Start
              </button>
            )}
          </div>
        ) : null}
      </div>
      {!data && status === 'failed' ? <p role="alert">The service state could not be loaded.</p> : null}
      {!data && status !== 'failed' ? (
        <p className="config-section__description">Loading the service state…</p>
      ) : null}
      {data ? (
        <>
          <dl className="service-status__facts">
            <div>
              <dt>State</dt>
              <dd>
                <span className={`service-status__badge service-status__badge--${data.status}`}>
                  {STATUS_LABEL[data.status]}
                </span>
                {data.pid !== null ? <span className="service-status__muted"> · pid {data.pid}</span> : null}
                {data.since !== null ? (
                  <span className="service-status__muted">
                    {' '}
                    · since{' '}
                    <time dateTime={new Date(data.since).toISOString()}>
                      {formatDateTime(data.since, { seconds: true })}
                    </time>
                  </span>
                ) : null}
              </dd>
            </div>
            {data.last_exit ? (
              <div>
                <dt>Last exit</dt>
                <dd>
                  <time dateTime={new Date(data.last_exit.at).toISOString()}>
                    {formatDateTime(data.last_exit.at, { seconds: true })}
                  </time>
                  : {data.last_exit.reason}
                  {data.restarts ? (
                    <span className="service-status__muted">
                      {' '}
                      · restarted {data.restarts} {data.restarts === 1 ? 'time' : 'times'}
                    </span>
                  ) : null}
                </dd>
              </div>
            ) : null}
            <div>
              <dt>Run by</dt>
              <dd>
                {data.backend === 'embedded'
                  ? 'the console (embedded)'
                  : data.backend === 'systemd'
                    ? 'systemd'
                    : 'nobody (configuration only)'}
              </dd>
            </div>
          </dl>
          {data.message ? (
            <p
              className={`service-status__message${data.status === 'failed' ? ' service-status__message--failed' : ''}`}
            >
              {data.message}
            </p>
          ) : null}
          {data.log.length ? (
            <details className="service-status__log">
              <summary>Last log lines ({data.log.length})</summary>
              <pre>{data.log.join('\n')}</pre>
              <Link to={`/logs/overview?services=${encodeURIComponent(logService)}`}>
                All {data.label} log entries
              </Link>
            </details>
          ) : null}
        </>
      ) : null}
    </section>
  );
}
