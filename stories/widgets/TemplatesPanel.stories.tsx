import { useState } from 'react';
import type { Meta, StoryObj } from '@storybook/react-webpack5';
import {
  ColumnsPanel,
  FiltersPanel,
  type ColumnRef,
  type FilterEntry,
} from '../../src/widgets/TemplatesPanel';

const available: ColumnRef[] = [
  { value: 'name', name: 'Name' },
  { value: 'ip', name: 'Address' },
  { value: 'mac', name: 'MAC address' },
  { value: 'vendor', name: 'Vendor' },
  { value: 'seen', name: 'Last seen' },
  { value: 'vlan', name: 'VLAN' },
];
const filters = [
  {
    value: 'status',
    name: 'Status',
    options: [
      { value: 'is', name: 'is' },
      { value: 'not', name: 'is not' },
    ],
  },
  {
    value: 'name',
    name: 'Name',
    options: [
      { value: 'contains', name: 'contains' },
      { value: 'starts', name: 'starts with' },
    ],
  },
  { value: 'vlan', name: 'VLAN', options: [{ value: 'eq', name: 'equals' }] },
];

function Columns({ groupId, startOpen = true }: { groupId?: string; startOpen?: boolean }) {
  const [open, setOpen] = useState(startOpen);
  const [columns, setColumns] = useState<ColumnRef[]>(available.slice(0, 3));
  return (
    <div style={{ padding: '1.5rem' }}>
      <button type="button" className="button" onClick={() => setOpen(true)}>
        Customize columns
      </button>
      <p>Shown: {columns.map((c) => c.name).join(', ')}</p>
      <ColumnsPanel
        open={open}
        groupId={groupId}
        availableColumns={available}
        defaultColumns={available.slice(0, 3)}
        onSave={setColumns}
        onClose={() => setOpen(false)}
      />
    </div>
  );
}

function Filters({ groupId, defaultFilters }: { groupId?: string; defaultFilters?: FilterEntry[] }) {
  const [open, setOpen] = useState(true);
  const [applied, setApplied] = useState<FilterEntry[]>(defaultFilters ?? []);
  return (
    <div style={{ padding: '1.5rem' }}>
      <button type="button" className="button" onClick={() => setOpen(true)}>
        Customize filters
      </button>
      <p>
        Applied: {applied.length ? applied.map((f) => `${f.id} ${f.option} ${f.value}`).join('; ') : 'none'}
      </p>
      <FiltersPanel
        open={open}
        groupId={groupId}
        availableFilters={filters}
        defaultFilters={defaultFilters}
        onSave={setApplied}
        onClose={() => setOpen(false)}
      />
    </div>
  );
}

const meta: Meta = { title: 'Widgets/Templates panel' };
export default meta;
type Story = StoryObj;

export const ColumnsOpen: Story = { render: () => <Columns /> };
export const ColumnsClosed: Story = { render: () => <Columns startOpen={false} /> };
/** Saved templates survive reloads in local storage under story-devices-columns-local. */
export const ColumnsStoredForGroup: Story = { render: () => <Columns groupId="story-devices" /> };
export const FiltersEmpty: Story = { render: () => <Filters /> };
export const FiltersWithDefaults: Story = {
  render: () => (
    <Filters
      defaultFilters={[
        { id: 'status', option: 'is', value: 'up' },
        { id: 'name', option: 'contains', value: 'gw' },
      ]}
    />
  ),
};
export const FiltersStoredForGroup: Story = { render: () => <Filters groupId="story-devices" /> };
