import { useState } from 'react';
import type { Meta, StoryObj } from '@storybook/react-webpack5';
import {
  DataTable,
  searchRows,
  sortRows,
  type SortState,
  type TableLegendEntry,
  type TableRow,
} from '../../src/widgets/DataTable';
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

/** A server-side list of 60 users, 25 a page: the story plays the server (search, sort and slicing). */
const people: TableRow[] = Array.from({ length: 60 }, (_, i) => {
  const name = `user-${String(i + 1).padStart(2, '0')}`;
  return {
    id: `p${i}`,
    items: [
      { value: name, href: `#/users/${name}` },
      { value: `${name}@example.org` },
      { value: i % 3 === 0 ? 'Administrator' : 'Operator' },
      { value: i % 5 === 0 ? 'Locked' : 'Active', statusBullColor: i % 5 === 0 ? 'red' : 'green' },
    ],
    ...(i === 0 ? { selectable: false, selectionNote: 'Your own account cannot be selected' } : {}),
    actions: [{ id: 'delete', value: 'Delete', icon: <TrashIcon /> }],
  };
});
const peopleLegend: TableLegendEntry[] = [
  { title: 'Name' },
  { title: 'Email', priority: 2 },
  { title: 'Role' },
  { title: 'State' },
];

export const ServerPaging: Story = {
  render: function Render() {
    const [page, setPage] = useState(1);
    const [perPage, setPerPage] = useState(25);
    const [query, setQuery] = useState('');
    const [sort, setSort] = useState<SortState | null>(null);
    const found = sortRows(searchRows(people, query), sort);
    return (
      <DataTable
        caption="Users"
        legend={peopleLegend}
        rows={found.slice((page - 1) * perPage, page * perPage)}
        itemName={{ one: 'user', other: 'users' }}
        server={{
          total: found.length,
          page,
          perPage,
          onPageChange: (p, size) => {
            setPage(p);
            setPerPage(size);
          },
        }}
        sort={sort}
        onSortChange={(next) => {
          setSort(next);
          setPage(1);
        }}
        onSearchChange={(q) => {
          setQuery(q);
          setPage(1);
        }}
        onNavigate={() => {}}
        bulkActions={[
          {
            id: 'delete',
            value: 'Delete',
            icon: <TrashIcon />,
            confirm: { verb: 'Delete', detail: 'This cannot be undone.' },
          },
        ]}
        onBulkAction={() => new Promise((resolve) => setTimeout(resolve, 800))}
      />
    );
  },
};

/** Certificates with many columns: Issuer and Serial give way below 1200 px of table, Valid from and Key below 900. */
const certificateLegend: TableLegendEntry[] = [
  { title: 'Name', width: 240 },
  { title: 'Subject', width: 220 },
  { title: 'Issuer', width: 200, priority: 3 },
  { title: 'Serial', width: 180, priority: 3 },
  { title: 'Valid from', width: 130, priority: 2 },
  { title: 'Expires', width: 130 },
  { title: 'Key', width: 110, priority: 2 },
  { title: 'Used by', width: 160 },
];
const certificates: TableRow[] = Array.from({ length: 12 }, (_, i) => ({
  id: `c${i}`,
  items: [
    { value: `web-frontend-${i + 1}.internal.example.org`, href: `#/certificates/c${i}` },
    { value: `CN=web-frontend-${i + 1}.internal.example.org, O=Example Corporation` },
    { value: i % 2 ? 'Rampart Intermediate CA 2026' : "Let's Encrypt R11" },
    { value: `4A:1F:${(i * 37).toString(16).padStart(2, '0').toUpperCase()}:9C:0B:77:E2:51` },
    { value: '2026-09-01' },
    {
      value: i % 4 === 0 ? '2026-12-03' : '2027-03-01',
      warning: i % 4 === 0 ? 'Expires in 6 days' : undefined,
    },
    { value: i % 3 ? 'ECDSA P-256' : 'RSA 4096' },
    { value: i % 2 ? 'HTTPS console, VPN' : 'HTTPS console' },
  ],
  actions: [
    { id: 'details', value: 'Details', type: 'labelled' },
    { id: 'delete', value: 'Delete', type: 'labelled' },
  ],
}));

export const WideColumnsWithPriorities: Story = {
  args: {
    caption: 'Certificates',
    legend: certificateLegend,
    rows: certificates,
    itemName: { one: 'certificate', other: 'certificates' },
    fill: true,
    onNavigate: () => {},
    bulkActions: [{ id: 'revoke', value: 'Revoke', confirm: { verb: 'Revoke' } }],
  },
};
