/**
 * Network overview (public): the machine's interfaces with their state, MTU, speed and counters, and live
 * throughput from the server's stream. Signed-in users also see MAC and IP addresses; anonymous visitors are told
 * that those are hidden.
 */
import { useEffect } from 'react';
import { formatSize } from '../../../lib/format';
import { useAppDispatch, useAppSelector } from '../../../store/createStore';
import {
  liveClosed,
  liveOpened,
  selectNetwork,
  type LiveInterfaceSample,
  type NetworkInterface,
} from '../../../store/slices/network.slice';
import { MetricWidget } from '../../../widgets/charts';
import { PageHeader } from '../../../widgets/PageHeader';
import { formatRate, formatSpeed, rateParts, totalRate, NETWORK_HELP } from './rates';
import './network.css';

export const OVERVIEW_TITLE = 'Network overview';

function Addresses({ iface }: { iface: NetworkInterface }) {
  if (!iface.addresses?.length) return <>none</>;
  return (
    <ul className="network__addresses">
      {iface.addresses.map((a) => (
        <li key={a.address}>
          {a.address}
          {a.prefix !== null ? `/${a.prefix}` : ''}
        </li>
      ))}
    </ul>
  );
}

/** A byte count for people, with the exact number kept machine-readable. */
const Bytes = ({ value }: { value: number }) => <data value={value}>{formatSize(value)}</data>;

export function NetworkOverviewPage() {
  const dispatch = useAppDispatch();
  const { interfaces, live } = useAppSelector(selectNetwork);
  useEffect(() => {
    dispatch(liveOpened());
    return () => {
      dispatch(liveClosed());
    };
  }, [dispatch]);

  const liveByName = new Map<string, LiveInterfaceSample>(live.last?.interfaces.map((i) => [i.name, i]));
  const rows = interfaces.data.map((i) => ({ ...i, live: liveByName.get(i.name) }));
  const external = rows.filter((r) => !r.loopback);
  const rx = totalRate(external.map((r) => r.live?.rxRate ?? null));
  const tx = totalRate(external.map((r) => r.live?.txRate ?? null));
  const history = (dir: 'rxRate' | 'txRate') =>
    live.history.map((s) =>
      s.interfaces
        .filter((i) => !rows.find((r) => r.name === i.name)?.loopback)
        .reduce((sum, i) => sum + (i[dir] ?? 0), 0),
    );
  const up = rows.filter((r) => r.state === 'up').length;
  const signedIn = interfaces.signedIn;

  const notice = live.failed
    ? { text: 'Live counters are not available: the stream was refused.', level: 'warning' as const }
    : live.connected
      ? { text: 'Live: counters update every second.', level: 'info' as const }
      : { text: 'Connecting to the live counters…', level: 'info' as const };

  return (
    <section className="page network" aria-label={OVERVIEW_TITLE}>
      <PageHeader title={OVERVIEW_TITLE} help={NETWORK_HELP} statusNotice={notice} />
      {!signedIn ? (
        <p className="page__notice" role="note">
          You are not signed in: MAC and IP addresses are hidden. Sign in to see them.
        </p>
      ) : null}
      {interfaces.status === 'failed' ? (
        <p className="page__notice" role="alert">
          The interfaces of this machine could not be read. Reload the page to try again.
        </p>
      ) : null}
      <div className="network__metrics">
        <MetricWidget title="Interfaces up" value={up} unit={`of ${rows.length}`} />
        <MetricWidget
          title="Receiving"
          {...rateParts(rx)}
          chart={{ type: 'curved-line', values: history('rxRate') }}
        />
        <MetricWidget
          title="Sending"
          {...rateParts(tx)}
          chart={{ type: 'curved-line', values: history('txRate') }}
        />
      </div>
      {interfaces.status === 'loaded' && rows.length === 0 ? (
        <p className="page__notice" role="note">
          This machine reports no network interfaces.
        </p>
      ) : (
        // A keyboard user scrolls the wide table too: the scrolling box takes the focus, under the table's name.
        <div className="network__table-wrap" tabIndex={0} role="region" aria-label="Interfaces">
          <table className="network__table">
            <caption>Interfaces of this machine (loopback excluded from the totals)</caption>
            <thead>
              <tr>
                <th scope="col">Interface</th>
                <th scope="col">State</th>
                {signedIn ? <th scope="col">Addresses</th> : null}
                {signedIn ? <th scope="col">MAC</th> : null}
                <th scope="col">MTU</th>
                <th scope="col">Speed</th>
                <th scope="col">Received</th>
                <th scope="col">Sent</th>
                <th scope="col">Receiving</th>
                <th scope="col">Sending</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((r) => (
                <tr key={r.name}>
                  <th scope="row">
                    {r.name}
                    {r.loopback ? <span className="network__tag"> loopback</span> : null}
                  </th>
                  <td>
                    <span className={`network__state network__state--${r.state === 'up' ? 'up' : 'other'}`}>
                      {r.state}
                    </span>
                  </td>
                  {signedIn ? (
                    <td>
                      <Addresses iface={r} />
                    </td>
                  ) : null}
                  {signedIn ? <td>{r.mac ?? 'none'}</td> : null}
                  <td>{r.mtu ?? '–'}</td>
                  <td>{formatSpeed(r.speedMbps)}</td>
                  <td>
                    <Bytes value={r.live?.rxBytes ?? r.rxBytes} />
                  </td>
                  <td>
                    <Bytes value={r.live?.txBytes ?? r.txBytes} />
                  </td>
                  <td>{formatRate(r.live?.rxRate ?? null)}</td>
                  <td>{formatRate(r.live?.txRate ?? null)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
