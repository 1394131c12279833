/**
 * Network analytics: stored counter samples as received and sent rates per interface over a chosen range (last
 * hour … the retention), the range refined with the range selector, and the busiest interfaces of the range.
 */
import { useEffect, useState } from 'react';
import { formatDateTime, formatSize } from '../../../lib/format';
import { useAppDispatch, useAppSelector } from '../../../store/createStore';
import { analyticsRequested, selectNetwork, type InterfaceSeries } from '../../../store/slices/network.slice';
import { LineChart, RangeSelector } from '../../../widgets/charts';
import { PageHeader } from '../../../widgets/PageHeader';
import { Select } from '../../../widgets/Select';
import { formatRate, NETWORK_HELP } from './rates';
import './network.css';

export const ANALYTICS_TITLE = 'Network analytics';

const HOUR = 3600;
export const PRESETS = [
  { value: String(HOUR), name: 'Last hour' },
  { value: String(6 * HOUR), name: 'Last 6 hours' },
  { value: String(24 * HOUR), name: 'Last 24 hours' },
  { value: String(7 * 24 * HOUR), name: 'Last 7 days' },
];
export const DEFAULT_SPAN = 24 * HOUR;
/** Steps of the charts: automatic (the samples as stored, thinned by the appliance) or one point per step. */
export const STEPS = [
  { value: 'auto', name: 'Automatic' },
  { value: String(60), name: '1 minute' },
  { value: String(5 * 60), name: '5 minutes' },
  { value: String(15 * 60), name: '15 minutes' },
  { value: String(HOUR), name: '1 hour' },
];

/** The initial request of the page (also its server-side prefetch). */
export function defaultRange(nowMs: number, span = DEFAULT_SPAN) {
  const to = Math.floor(nowMs / 1000);
  return { from: to - span, to };
}

function InterfaceChart({
  series,
  step,
  range,
}: {
  series: InterfaceSeries;
  step: number | undefined;
  range: readonly [number, number] | undefined;
}) {
  const points = (dir: 'rx' | 'tx') => series.points.map((p) => ({ x: p.t * 1000, y: p[dir] }));
  return (
    <LineChart
      step={step}
      xDomain={step ? range : undefined}
      title={`${series.interface}: received and sent`}
      series={[
        { id: `${series.interface}-rx`, name: 'Received', points: points('rx') },
        { id: `${series.interface}-tx`, name: 'Sent', points: points('tx') },
      ]}
      xType="time"
      formatX={(x) => formatDateTime(x, { seconds: true })}
      formatY={(y) => formatRate(y)}
      showLegend
      emptyMessage="Not enough samples in this range for a rate."
    />
  );
}

export function NetworkAnalyticsPage() {
  const dispatch = useAppDispatch();
  const { analytics } = useAppSelector(selectNetwork);
  const [span, setSpan] = useState(String(DEFAULT_SPAN));
  const [step, setStep] = useState('auto');
  useEffect(() => {
    if (analytics.status === 'idle') dispatch(analyticsRequested(defaultRange(Date.now())));
    // Only on first show; later requests come from the range controls.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [dispatch]);

  const data = analytics.data;
  const choosePreset = (value: string) => {
    setSpan(value);
    dispatch(analyticsRequested(defaultRange(Date.now(), Number(value))));
  };
  const retentionStart = data ? data.to - data.retention_days * 86_400 : 0;
  const series = [...(data?.series ?? [])].sort((a, b) => b.rxTotal + b.txTotal - (a.rxTotal + a.txTotal));
  const withPoints = series.filter((s) => s.points.length > 0);
  const stepMs = step === 'auto' ? undefined : Number(step) * 1000;
  const shown = analytics.range
    ? ([analytics.range.from * 1000, analytics.range.to * 1000] as const)
    : undefined;

  return (
    <section className="page network" aria-label={ANALYTICS_TITLE}>
      <PageHeader
        title={ANALYTICS_TITLE}
        help={NETWORK_HELP}
        select={{ label: 'Range', options: PRESETS, value: span, onChange: choosePreset }}
        statusNotice={
          data
            ? {
                text: `A sample every ${data.interval_seconds} s, kept ${data.retention_days} days.`,
                level: 'info',
              }
            : undefined
        }
      />
      {data && analytics.range && data.to > retentionStart ? (
        <RangeSelector
          label="Shown range"
          min={retentionStart * 1000}
          max={data.to * 1000}
          value={[analytics.range.from * 1000, analytics.range.to * 1000]}
          step={60_000}
          formatValue={(v) => formatDateTime(v)}
          onChange={([start, end]) =>
            dispatch(
              analyticsRequested({ from: Math.floor(start / 1000), to: Math.ceil(end / 1000), settle: true }),
            )
          }
        />
      ) : null}
      {data ? (
        <div className="network__step">
          <Select label="Step" value={step} options={STEPS} onChange={setStep} required />
        </div>
      ) : null}
      {analytics.status === 'loading' && !data ? <p role="status">Loading samples…</p> : null}
      {analytics.status === 'failed' ? (
        <p className="page__notice" role="alert">
          The samples could not be loaded.
        </p>
      ) : null}
      {data && withPoints.length === 0 ? (
        <p className="page__notice" role="note">
          No traffic samples in this range yet. The appliance stores one every {data.interval_seconds} s;
          rates appear once two samples exist.
        </p>
      ) : null}
      {withPoints.length > 0 ? (
        <>
          <div className="network__charts">
            {withPoints.map((s) => (
              <InterfaceChart key={s.interface} series={s} step={stepMs} range={shown} />
            ))}
          </div>
          <table className="network__table">
            <caption>Busiest interfaces in this range</caption>
            <thead>
              <tr>
                <th scope="col">Interface</th>
                <th scope="col">Received</th>
                <th scope="col">Sent</th>
                <th scope="col">Total</th>
              </tr>
            </thead>
            <tbody>
              {series.map((s) => (
                <tr key={s.interface}>
                  <th scope="row">{s.interface}</th>
                  <td>{formatSize(s.rxTotal)}</td>
                  <td>{formatSize(s.txTotal)}</td>
                  <td>{formatSize(s.rxTotal + s.txTotal)}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <p className="page__notice" role="note">
            Top talkers by remote host need flow accounting, which this appliance does not collect: traffic is
            shown per interface.
          </p>
        </>
      ) : null}
    </section>
  );
}
