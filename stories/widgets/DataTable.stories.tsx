import { useState } from 'react';
import type { Meta, StoryObj } from '@storybook/react-webpack5';
import { DataTable, type TableLegendEntry, type TableRow } from '../../src/widgets/DataTable';
import { EditIcon, RefreshIcon, TrashIcon } from '../../src/widgets/icons';

const legend: TableLegendEntry[] = [
  { title: 'Name' },
  { title: 'Address' },
  { title: 'Status' },
  { title: 'Traffic', sortable: false },
];

const devices: TableRow[] = [
  {
    id: 'gw',
    items: [
      { value: 'gateway', description: 'Main router' },
      { value: '10.0.0.1', sortValue: 167772161 },
      { value: 'Online', statusBullColor: 'green' },
      { value: null, chartData: { type: 'vertical-bars', values: [3, 6, 4, 8, 5, 9] } },
    ],
    actions: [
      { id: 'edit', value: 'Edit', icon: <EditIcon /> },
      { id: 'delete', value: 'Delete', icon: <TrashIcon /> },
    ],
  },
  {
    id: 'pr',
    items: [
      { value: 'printer', tags: [{ name: 'Office', color: 'blue' }] },
      { value: '10.0.0.9', sortValue: 167772169, warning: 'Address used twice' },
      { value: 'Offline', statusBullColor: 'red' },
      { value: null, chartData: { type: 'vertical-bars', values: [0, 0, 1, 0, 0, 0] } },
    ],
    actions: [
      { id: 'edit', value: 'Edit', icon: <EditIcon />, disabled: true },
      { id: 'delete', value: 'Delete', icon: <TrashIcon /> },
    ],
  },
  {
    id: 'cam',
    items: [
      {
        value: 'camera-lobby',
        extraSearchValue: 'serial CX-4410',
        tags: [
          { name: 'IoT', color: 'orange' },
          { name: 'Video', color: 'green' },
        ],
      },
      { value: '10.0.0.4', sortValue: 167772164 },
      { value: 'Updating', statusBullColor: 'gold' },
      { value: null, chartData: { type: 'vertical-bars', values: [7, 7, 8, 9, 7, 6] } },
    ],
    actions: [
      { id: 'edit', value: 'Edit', icon: <EditIcon />, isLoading: true },
      { id: 'delete', value: 'Delete', icon: <TrashIcon /> },
    ],
  },
  {
    id: 'nas',
    invalid: true,
    items: [
      { value: 'nas', description: 'Certificate expired' },
      { value: '10.0.0.20', sortValue: 167772180 },
      { value: 'Unknown', statusBullColor: 'grey' },
      { value: null, chartData: { type: 'vertical-bars', values: [2, 1, 2, 1, 2, 1] } },
    ],
    actions: [
      {
        id: 'export',
        value: 'Export',
        type: 'labelled',
        options: [
          { name: 'As PEM', value: 'pem' },
          { name: 'As DER', value: 'der' },
        ],
      },
    ],
  },
  {
    id: 'old',
    disabled: true,
    items: [
      { value: 'legacy-switch', description: 'Retired' },
      { value: '10.0.0.99', sortValue: 167772259 },
      { value: 'Disabled', statusBullColor: 'grey' },
      { value: null },
    ],
    actions: [{ id: 'edit', value: 'Edit', icon: <EditIcon /> }],
  },
];

const bulkActions = [
  {
    id: 'delete',
    value: 'Delete',
    icon: <TrashIcon />,
    confirmationMessage: 'Delete the selected devices? This cannot be undone.',
  },
  { id: 'restart', value: 'Restart', icon: <RefreshIcon /> },
];

const meta: Meta<typeof DataTable> = {
  title: 'Widgets/Data table',
  component: DataTable,
  args: { caption: 'Devices', legend, rows: devices },
  decorators: [
    (Story) => (
      <div style={{ padding: '1.5rem' }}>
        <Story />
      </div>
    ),
  ],
};
export default meta;
type Story = StoryObj<typeof DataTable>;

export const Default: Story = {};
export const WithCaption: Story = { args: { showCaption: true } };
export const SortedDescending: Story = { args: { initialSort: { column: 1, direction: 'descending' } } };
export const Searching: Story = { args: { initialSearch: 'iot' } };
export const NoResults: Story = { args: { initialSearch: 'no such device' } };
export const Empty: Story = { args: { rows: [] } };
export const Loading: Story = { args: { rows: [], loading: true } };
export const Reorderable: Story = { args: { reorderable: true } };

/** Selection with a bulk bar; Delete asks first; processing takes 1.5 s, then the selection clears. */
export const BulkActions: Story = {
  render: (args) => (
    <DataTable
      {...args}
      bulkActions={bulkActions}
      onBulkAction={() => new Promise((resolve) => setTimeout(resolve, 1500))}
    />
  ),
};

/** The bar while the page reports processing (controlled flag). */
export const BulkProcessing: Story = {
  render: function Render(args) {
    const [processing, setProcessing] = useState(false);
    return (
      <DataTable
        {...args}
        bulkActions={bulkActions}
        bulkProcessing={processing}
        onBulkAction={() => {
          setProcessing(true);
          setTimeout(() => setProcessing(false), 1500);
        }}
      />
    );
  },
};

const many: TableRow[] = Array.from({ length: 10_000 }, (_, i) => ({
  id: `h${i}`,
  items: [
    { value: `host-${String(i).padStart(5, '0')}.example.org`, description: `rack ${i % 40}` },
    { value: `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`, sortValue: i },
    { value: i % 7 === 0 ? 'Offline' : 'Online', statusBullColor: i % 7 === 0 ? 'red' : 'green' },
    { value: null, chartData: { type: 'vertical-bars', values: [i % 5, (i * 3) % 7, (i * 7) % 4] } },
  ],
  actions: [{ id: 'edit', value: 'Edit', icon: <EditIcon /> }],
}));

/** 10,000 rows, virtualised. */
export const TenThousandRows: Story = { args: { rows: many, bulkActions, caption: 'Hosts' } };
