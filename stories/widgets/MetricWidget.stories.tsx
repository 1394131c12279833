import { useEffect, useState } from 'react';
import type { Meta, StoryObj } from '@storybook/react-webpack5';
import { MemoryRouter } from 'react-router';
import { MetricWidget } from '../../src/widgets/charts/MetricWidget';
import { WarningIcon } from '../../src/widgets/icons';

const services = [
  { name: 'dns', value: 1240, unit: 'req' },
  { name: 'proxy', value: 860, unit: 'req' },
  { name: 'ssh', value: 310, unit: 'req' },
  { name: 'vpn', value: 120, unit: 'req' },
  { name: 'ntp', value: 45, unit: 'req' },
  { name: 'mail', value: 12, unit: 'req' },
];

const meta: Meta<typeof MetricWidget> = {
  title: 'Widgets/Charts/Metric widget',
  component: MetricWidget,
  args: { title: 'Blocked requests', value: 1284, unit: 'req', icon: <WarningIcon /> },
  decorators: [
    (Story) => (
      <MemoryRouter>
        <div style={{ padding: '1.5rem', maxWidth: 320 }}>
          <Story />
        </div>
      </MemoryRouter>
    ),
  ],
};
export default meta;
type Story = StoryObj<typeof MetricWidget>;

export const ValueOnly: Story = {};
export const WithCallToAction: Story = {
  args: { callToAction: { label: 'See the log overview', to: '/logs/overview' } },
};
export const VerticalBars: Story = {
  args: { chart: { type: 'vertical-bars', values: [12, 30, 18, 44, 26, 51, 38] } },
};
export const CurvedLine: Story = {
  args: { chart: { type: 'curved-line', values: [12, 30, 18, 44, 26, 51, 38] } },
};
export const HorizontalExtendedBars: Story = {
  args: { title: 'Requests by service', chart: { type: 'horizontal-extended-bars', items: services } },
};
export const HorizontalExtendedBarsFive: Story = {
  args: {
    title: 'Requests by service',
    chart: { type: 'horizontal-extended-bars', items: services, count: 5 },
  },
};
export const Classification: Story = {
  args: {
    title: 'Top services',
    value: 6,
    unit: 'services',
    chart: { type: 'classification', items: services },
  },
};
export const Percentage: Story = { args: { title: 'Disk used', value: 73.5, unit: '%' } };

function Live() {
  const [value, setValue] = useState(120);
  useEffect(() => {
    const t = setInterval(() => setValue(Math.round(50 + Math.random() * 900)), 2500);
    return () => clearInterval(t);
  }, []);
  return (
    <MetricWidget
      title="Active sessions"
      value={value}
      unit="sessions"
      chart={{ type: 'curved-line', values: [value / 3, value / 2, value * 0.8, value] }}
    />
  );
}
/** The value changes every 2.5 s and animates in 100 ms steps. */
export const Animating: Story = { render: () => <Live /> };
