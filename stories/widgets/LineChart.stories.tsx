import type { Meta, StoryObj } from '@storybook/react-webpack5';
import { LineChart } from '../../src/widgets/charts';

const now = Date.UTC(2026, 10, 21, 12, 0);
const minute = 60_000;
const wave = (phase: number, scale: number) =>
  Array.from({ length: 10 }, (_, i) => ({
    x: now + i * minute,
    y: Math.round(scale * (2 + Math.sin(i / 1.5 + phase))),
  }));
const hhmm = (t: number) => new Date(t).toISOString().slice(11, 16);

const meta: Meta<typeof LineChart> = {
  title: 'Widgets/Charts/Line chart',
  component: LineChart,
  args: {
    title: 'Recent events per minute',
    formatX: hhmm,
    series: [
      { id: 'dns', name: 'dns', points: wave(0, 3) },
      { id: 'ssh', name: 'ssh', points: wave(1, 2) },
      { id: 'firewall', name: 'firewall', points: wave(2, 4) },
      { id: 'vpn', name: 'vpn', points: wave(3, 1) },
      { id: 'proxy', name: 'proxy', points: wave(4, 2.5) },
    ],
  },
  decorators: [
    (Story) => (
      <div style={{ padding: '1.5rem' }}>
        <Story />
      </div>
    ),
  ],
};
export default meta;
type Story = StoryObj<typeof LineChart>;

export const FiveSeries: Story = {};
export const SingleSeries: Story = {
  args: { series: [{ id: 'all', name: 'All services', points: wave(0, 5) }] },
};
export const StraightLines: Story = { args: { tension: 0 } };
export const Roundest: Story = { args: { tension: 1 } };
export const BundleCurve: Story = { args: { curve: 'bundle', tension: 0.85 } };
export const WithPoints: Story = { args: { showPoints: true } };
export const SmallNoLegend: Story = {
  args: { width: 320, height: 90, showLegend: false, hideTitle: true, yTicks: 2, xTicks: 3 },
};
export const Empty: Story = { args: { series: [] } };
export const Fetching: Story = { args: { series: [], emptyMessage: 'Fetching data...' } };
/** One point every 2 minutes over the 10 minutes of data. */
export const TimeScale: Story = { args: { step: 2 * minute, showPoints: true } };
/** A day drawn at one point a minute: too large for the step, the §8 time-scale error shows instead. */
export const TimeScaleTooLarge: Story = {
  args: { step: minute, xDomain: [now, now + 24 * 60 * minute] },
};

const hour = 60 * minute;
const day = Array.from({ length: 289 }, (_, i) => ({
  x: now - 24 * hour + i * 5 * minute,
  y: Math.round(40_000 + 30_000 * Math.sin(i / 20) + ((i * 7919) % 9000)),
}));
const dayTraffic = [
  { id: 'rx', name: 'Received', points: day },
  { id: 'tx', name: 'Sent', points: day.map((p) => ({ x: p.x, y: Math.round(p.y / 3) })) },
];
/**
 * A day of traffic on a time axis, as network analytics draws it: the chart fills its card (resize the window: the
 * number of time labels follows the width and they never touch); hover for the exact values.
 */
export const DayFullWidth: Story = {
  args: {
    title: 'eth0: received and sent',
    series: dayTraffic,
    xType: 'time',
    formatX: (t: number) => new Date(t).toISOString().replace('T', ' ').slice(0, 19),
    formatY: (y: number) => `${(y / 1000).toFixed(2)} KB/s`,
  },
};
/** The same day at phone width: fewer labels, still apart. */
export const DayPhoneWidth: Story = {
  args: DayFullWidth.args,
  decorators: [
    (Story) => (
      <div style={{ width: 340, padding: '0.5rem' }}>
        <Story />
      </div>
    ),
  ],
};
