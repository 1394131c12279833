import type { Meta, StoryObj } from '@storybook/react-webpack5';
import { DoughnutChart } from '../../src/widgets/charts/DoughnutChart';

const meta: Meta<typeof DoughnutChart> = {
  title: 'Widgets/Charts/Doughnut chart',
  component: DoughnutChart,
  args: {
    title: 'Certificates',
    segments: [
      { name: 'Valid', value: 37 },
      { name: 'Expiring', value: 3, color: '#f78744' },
      { name: 'Revoked', value: 2, color: '#ed332e' },
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
type Story = StoryObj<typeof DoughnutChart>;

export const Segments: Story = {};
export const WithSummary: Story = { args: { summaryValue: 42, summarySubValue: 'certificates' } };
export const SummaryValueOnly: Story = { args: { summaryValue: '88 %' } };
/** One segment in the default colour rgb 116/179/32 over the grey track. */
export const SingleDefaultColour: Story = {
  args: {
    title: 'Disk',
    segments: [
      { name: 'Used', value: 64 },
      { name: 'Free', value: 36, color: 'transparent' },
    ],
    summaryValue: '64 %',
    summarySubValue: 'used',
    showLegend: false,
  },
};
export const Empty: Story = { args: { segments: [] } };
export const Large: Story = {
  args: { size: 240, thickness: 30, summaryValue: 42, summarySubValue: 'certificates' },
};
