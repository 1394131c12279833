/**
 * The metric widget (spec §2): title, icon, a value with unit that animates to new values every 100 ms, an optional
 * call-to-action link, and one of four charts: vertical-bars, curved-line, horizontal-extended-bars (3 by default,
 * width value/max × 90 %) or classification (at most 5). The animated number is hidden from screen readers, which
 * get the final value instead.
 */
import { useId, type ReactNode } from 'react';
import { Link } from 'react-router';
import { VerticalBars } from './VerticalBars';
import { Sparkline } from './Sparkline';
import { useAnimatedValue } from './useAnimatedValue';
import {
  classification,
  displayValue,
  formatItemValue,
  horizontalBars,
  type ChartValueItem,
} from './metricModel';
import './MetricWidget.css';

export type MetricChart =
  | { type: 'vertical-bars'; values: readonly number[] }
  | { type: 'curved-line'; values: readonly number[] }
  | { type: 'horizontal-extended-bars'; items: readonly ChartValueItem[]; count?: number }
  | { type: 'classification'; items: readonly ChartValueItem[]; count?: number };

export interface MetricWidgetProps {
  title: string;
  icon?: ReactNode;
  value: number;
  unit?: string;
  /** In-app path or http(s) URL. */
  callToAction?: { label: string; to: string };
  chart?: MetricChart;
  /** Turn the 100 ms animation off (e.g. for print). */
  animate?: boolean;
}

export function MetricWidget({
  title,
  icon,
  value,
  unit,
  callToAction,
  chart,
  animate = true,
}: MetricWidgetProps) {
  const titleId = useId();
  const shown = useAnimatedValue(value, animate);
  const finalText = `${displayValue(value, value)}${unit ? ` ${unit}` : ''}`;
  return (
    <section className="metric" aria-labelledby={titleId}>
      <header className="metric__header">
        {icon ? (
          <span className="metric__icon" aria-hidden="true">
            {icon}
          </span>
        ) : null}
        <h3 id={titleId} className="metric__title">
          {title}
        </h3>
      </header>
      <p className="metric__value">
        <span aria-hidden="true">
          {displayValue(shown, value)}
          {unit ? <span className="metric__unit"> {unit}</span> : null}
        </span>
        <span className="visually-hidden">{finalText}</span>
      </p>
      {chart ? <MetricChartView chart={chart} title={title} /> : null}
      {callToAction ? (
        /^https?:\/\//.test(callToAction.to) ? (
          <a className="metric__cta" href={callToAction.to}>
            {callToAction.label}
          </a>
        ) : (
          <Link className="metric__cta" to={callToAction.to}>
            {callToAction.label}
          </Link>
        )
      ) : null}
    </section>
  );
}

function MetricChartView({ chart, title }: { chart: MetricChart; title: string }) {
  switch (chart.type) {
    case 'vertical-bars':
      return (
        <div className="metric__chart">
          <VerticalBars values={chart.values} label={`${title} history`} width={160} height={40} />
        </div>
      );
    case 'curved-line':
      return (
        <div className="metric__chart">
          <Sparkline values={chart.values} label={`${title} trend`} />
        </div>
      );
    case 'horizontal-extended-bars':
      return (
        <ul className="metric__hbars" aria-label={`${title} breakdown`}>
          {horizontalBars(chart.items, chart.count).map(({ item, widthPercent }) => (
            <li key={item.name} className="metric__hbar">
              <span className="metric__hbar-text">
                {item.image ? <img src={item.image} alt="" width={16} height={16} /> : null}
                <span className="metric__hbar-name">{item.name}</span>
                <span className="metric__hbar-value">{formatItemValue(item)}</span>
              </span>
              <span className="metric__hbar-track" aria-hidden="true">
                <span className="metric__hbar-fill" style={{ width: `${widthPercent}%` }} />
              </span>
            </li>
          ))}
        </ul>
      );
    case 'classification':
      return (
        <ol className="metric__rank" aria-label={`${title} ranking`}>
          {classification(chart.items, chart.count).map((item) => (
            <li key={item.name}>
              {item.image ? <img src={item.image} alt="" width={16} height={16} /> : null}
              <span className="metric__rank-name">{item.name}</span>
              <span className="metric__rank-value">{formatItemValue(item)}</span>
            </li>
          ))}
        </ol>
      );
  }
}
