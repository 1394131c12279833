/** @jest-environment jsdom */
import { useState } from 'react';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  appliedColumns,
  appliedFilters,
  ColumnsPanel,
  FiltersPanel,
  type ColumnRef,
  type FilterEntry,
} from '../../src/widgets/TemplatesPanel';
import { seriousViolations } from './support/axe';

const available: ColumnRef[] = [
  { value: 'name', name: 'Name' },
  { value: 'ip', name: 'Address' },
  { value: 'mac', name: 'MAC' },
  { value: 'vendor', name: 'Vendor' },
];
const defaults = available.slice(0, 2);

function ColumnsHarness({ groupId, onSave }: { groupId?: string; onSave: (c: ColumnRef[]) => void }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Customize columns
      </button>
      <ColumnsPanel
        open={open}
        groupId={groupId}
        availableColumns={available}
        defaultColumns={defaults}
        onSave={onSave}
        onClose={() => setOpen(false)}
      />
    </>
  );
}

const chosen = () =>
  within(screen.getByRole('list', { name: 'Chosen columns' }))
    .getAllByRole('listitem')
    .map((li) => li.querySelector('.templates__name')?.textContent);

beforeEach(() => localStorage.clear());

describe('ColumnsPanel', () => {
  it('opens as a dialog, appends chosen columns, reorders with arrow keys, removes, and saves to local storage', async () => {
    const user = userEvent.setup();
    const onSave = jest.fn();
    render(<ColumnsHarness groupId="devices" onSave={onSave} />);
    const opener = screen.getByRole('button', { name: 'Customize columns' });
    await user.click(opener);
    const dialog = screen.getByRole('dialog', { name: 'Customize columns' });
    expect(dialog).toContainElement(document.activeElement as HTMLElement);
    expect(await seriousViolations(document.body)).toEqual([]);
    expect(chosen()).toEqual(['Name', 'Address']);
    const more = screen.getByRole('list', { name: 'More columns' });
    expect(
      within(more)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['MACAdd', 'VendorAdd']);

    await user.click(screen.getByRole('button', { name: 'Add Vendor' }));
    expect(chosen()).toEqual(['Name', 'Address', 'Vendor']);
    expect(screen.queryByRole('button', { name: 'Add Vendor' })).not.toBeInTheDocument();
    // Focus moves to the neighbouring Add button instead of being lost.
    expect(screen.getByRole('button', { name: 'Add MAC' })).toHaveFocus();

    screen.getByRole('button', { name: /^Move Vendor/ }).focus();
    await user.keyboard('{ArrowUp}');
    expect(chosen()).toEqual(['Name', 'Vendor', 'Address']);

    await user.click(screen.getByRole('button', { name: 'Remove Name' }));
    expect(chosen()).toEqual(['Vendor', 'Address']);
    expect(screen.getByRole('button', { name: 'Remove Vendor' })).toHaveFocus();
    expect(screen.getByRole('button', { name: 'Add Name' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Save and close' }));
    expect(onSave).toHaveBeenCalledWith(
      [
        { value: 'vendor', name: 'Vendor' },
        { value: 'ip', name: 'Address' },
      ],
      expect.objectContaining({ selectedId: 'default' }),
    );
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(opener).toHaveFocus();
    const stored = JSON.parse(localStorage.getItem('devices-columns-local') ?? 'null');
    expect(stored.templates[0].columns.map((c: ColumnRef) => c.value)).toEqual(['vendor', 'ip']);
  });

  it('close (and Escape) restores the snapshot; discard restores and stays open', async () => {
    const user = userEvent.setup();
    const onSave = jest.fn();
    render(<ColumnsHarness groupId="devices" onSave={onSave} />);
    await user.click(screen.getByRole('button', { name: 'Customize columns' }));
    await user.click(screen.getByRole('button', { name: 'Add MAC' }));
    expect(chosen()).toEqual(['Name', 'Address', 'MAC']);
    await user.click(screen.getByRole('button', { name: 'Discard changes' }));
    expect(chosen()).toEqual(['Name', 'Address']);
    expect(screen.getByRole('button', { name: 'Discard changes' })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Add MAC' }));
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Customize columns' }));
    expect(chosen()).toEqual(['Name', 'Address']);
    await user.click(screen.getByRole('button', { name: 'Add MAC' }));
    await user.click(screen.getByRole('button', { name: 'Close' }));
    await user.click(screen.getByRole('button', { name: 'Customize columns' }));
    expect(chosen()).toEqual(['Name', 'Address']);
    expect(onSave).not.toHaveBeenCalled();
    expect(localStorage.getItem('devices-columns-local')).toBeNull();
  });

  it('creates a selected template, deletes it back to Default, and keeps Default undeletable', async () => {
    const user = userEvent.setup();
    jest.spyOn(Date, 'now').mockReturnValue(1763769600000);
    const onSave = jest.fn();
    render(<ColumnsHarness groupId="devices" onSave={onSave} />);
    await user.click(screen.getByRole('button', { name: 'Customize columns' }));
    expect(screen.getByRole('button', { name: 'Delete template Default' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Create template' })).toBeDisabled();
    await user.type(screen.getByRole('textbox', { name: 'New template name' }), 'Network{Enter}');
    const select = screen.getByRole('combobox', { name: 'Template' });
    expect(select).toHaveValue('1763769600000');
    expect(within(select).getByRole('option', { name: 'Network', selected: true })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add MAC' }));
    await user.click(screen.getByRole('button', { name: 'Save and close' }));
    expect(onSave).toHaveBeenLastCalledWith(
      [...defaults, { value: 'mac', name: 'MAC' }],
      expect.objectContaining({ selectedId: '1763769600000' }),
    );
    expect(
      JSON.parse(localStorage.getItem('devices-columns-local') ?? '{}').templates.map(
        (t: { name: string }) => t.name,
      ),
    ).toEqual(['Default', 'Network']);

    await user.click(screen.getByRole('button', { name: 'Customize columns' }));
    expect(screen.getByRole('combobox', { name: 'Template' })).toHaveValue('1763769600000');
    await user.click(screen.getByRole('button', { name: 'Delete template Network' }));
    expect(screen.getByRole('combobox', { name: 'Template' })).toHaveValue('default');
    expect(chosen()).toEqual(['Name', 'Address']);
    jest.restoreAllMocks();
  });

  it('without a group id, saving emits but stores nothing', async () => {
    const user = userEvent.setup();
    const onSave = jest.fn();
    render(<ColumnsHarness onSave={onSave} />);
    await user.click(screen.getByRole('button', { name: 'Customize columns' }));
    await user.click(screen.getByRole('button', { name: 'Save and close' }));
    expect(onSave).toHaveBeenCalledWith(defaults, expect.anything());
    expect(localStorage.length).toBe(0);
  });
});

const filters = [
  {
    value: 'status',
    name: 'Status',
    options: [
      { value: 'is', name: 'is' },
      { value: 'not', name: 'is not' },
    ],
  },
  { value: 'name', name: 'Name', options: [{ value: 'contains', name: 'contains' }] },
];

function FiltersHarness({ onSave }: { onSave: (f: FilterEntry[]) => void }) {
  const [open, setOpen] = useState(true);
  return (
    <FiltersPanel
      open={open}
      groupId="devices"
      availableFilters={filters}
      onSave={onSave}
      onClose={() => setOpen(false)}
    />
  );
}

describe('FiltersPanel', () => {
  it('enables condition after a filter, value after a condition, adds only with a value, and saves', async () => {
    const user = userEvent.setup();
    const onSave = jest.fn();
    render(<FiltersHarness onSave={onSave} />);
    expect(await seriousViolations(document.body)).toEqual([]);
    const filter = screen.getByRole('combobox', { name: 'Filter' });
    const condition = screen.getByRole('combobox', { name: 'Condition' });
    const value = screen.getByRole('textbox', { name: 'Value' });
    const add = screen.getByRole('button', { name: 'Add filter' });
    expect(condition).toBeDisabled();
    expect(value).toBeDisabled();
    expect(add).toBeDisabled();
    await user.selectOptions(filter, 'status');
    expect(condition).toBeEnabled();
    expect(value).toBeDisabled();
    await user.selectOptions(condition, 'not');
    expect(value).toBeEnabled();
    expect(add).toBeDisabled();
    await user.type(value, '   ');
    expect(add).toBeDisabled();
    await user.keyboard('{Enter}');
    expect(screen.getByText('No filters.')).toBeInTheDocument();
    await user.clear(value);
    await user.type(value, 'down{Enter}');
    const list = screen.getByRole('list', { name: 'Active filters' });
    expect(within(list).getByText('Status is not “down”')).toBeInTheDocument();
    // The form resets after adding.
    expect(filter).toHaveValue('');
    expect(condition).toBeDisabled();

    await user.selectOptions(filter, 'name');
    await user.selectOptions(condition, 'contains');
    await user.type(value, 'gw');
    await user.click(add);
    await user.click(screen.getByRole('button', { name: 'Remove filter Status is not “down”' }));
    await user.click(screen.getByRole('button', { name: 'Save and close' }));
    expect(onSave).toHaveBeenCalledWith([{ id: 'name', option: 'contains', value: 'gw' }], expect.anything());
    expect(JSON.parse(localStorage.getItem('devices-filters-local') ?? '{}').templates[0].filters).toEqual([
      { id: 'name', option: 'contains', value: 'gw' },
    ]);
  });

  it('loads stored filter templates for its group', () => {
    localStorage.setItem(
      'devices-filters-local',
      JSON.stringify({
        selectedId: '7',
        templates: [
          { id: 'default', name: 'Default', filters: [] },
          { id: '7', name: 'Offline', filters: [{ id: 'status', option: 'is', value: 'down' }] },
        ],
      }),
    );
    render(<FiltersHarness onSave={jest.fn()} />);
    expect(screen.getByRole('combobox', { name: 'Template' })).toHaveValue('7');
    expect(screen.getByText('Status is “down”')).toBeInTheDocument();
  });
});

describe('applied templates before any edit', () => {
  it('reads the selected template of a group, or the defaults', () => {
    expect(appliedColumns('devices', defaults)).toEqual(defaults);
    expect(appliedColumns(undefined, defaults)).toEqual(defaults);
    localStorage.setItem(
      'devices-columns-local',
      JSON.stringify({ selectedId: '1', templates: [{ id: '1', name: 'Mine', columns: [available[2]] }] }),
    );
    expect(appliedColumns('devices', defaults)).toEqual([available[2]]);
    expect(appliedFilters('devices')).toEqual([]);
  });
});

describe('side panel focus', () => {
  it('keeps Tab inside the panel', async () => {
    const user = userEvent.setup();
    render(<ColumnsHarness onSave={jest.fn()} />);
    await user.click(screen.getByRole('button', { name: 'Customize columns' }));
    const dialog = screen.getByRole('dialog');
    const close = within(dialog).getByRole('button', { name: 'Close' });
    // It opens on its first field (the template choice), not on Close.
    expect(within(dialog).getAllByRole('combobox')[0]).toHaveFocus();
    close.focus();
    await user.tab({ shift: true });
    expect(within(dialog).getByRole('button', { name: 'Save and close' })).toHaveFocus();
    await user.tab();
    expect(close).toHaveFocus();
  });
});
