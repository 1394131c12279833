/** @jest-environment jsdom */
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { seriousViolations } from './support/axe';
import { DataTable } from '../../src/widgets/DataTable';
import type { TableLegendEntry, TableRow } from '../../src/widgets/DataTable';

const legend: TableLegendEntry[] = [
  { title: 'Name' },
  { title: 'Address' },
  { title: 'Status', sortable: false },
];
const rows: TableRow[] = [
  {
    id: 'r1',
    items: [
      { value: 'gateway', description: 'Main router' },
      { value: '10.0.0.1' },
      { value: 'up', statusBullColor: 'green', statusLabel: 'Online' },
    ],
    actions: [{ id: 'edit', value: 'Edit' }],
  },
  {
    id: 'r2',
    items: [
      { value: 'printer' },
      { value: '10.0.0.9', warning: 'Duplicate address' },
      { value: 'down', statusBullColor: 'red' },
    ],
    actions: [{ id: 'edit', value: 'Edit', disabled: true }],
  },
  {
    id: 'r3',
    items: [
      { value: 'camera', tags: [{ name: 'IoT', color: 'blue' }] },
      { value: '10.0.0.4' },
      { value: 'up', chartData: { type: 'vertical-bars', values: [1, 3, 2] } },
    ],
    actions: [{ id: 'edit', value: 'Edit', isLoading: true }],
  },
];

const bodyNames = () =>
  within(screen.getByRole('table'))
    .getAllByRole('rowheader')
    .map((c) => c.textContent?.split(/Main router|IoT|Invalid/)[0]);

describe('DataTable', () => {
  it('renders a table with column headers, row headers and item fields', async () => {
    const { container } = render(<DataTable caption="Devices" legend={legend} rows={rows} />);
    const table = screen.getByRole('table', { name: 'Devices' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Name', 'Address', 'Status', 'Actions']);
    expect(bodyNames()).toEqual(['gateway', 'printer', 'camera']);
    expect(screen.getByText('Main router')).toBeInTheDocument();
    // The bullet's label is said, not only shown by its colour; a colour is never said.
    const cells = within(table).getAllByRole('cell');
    expect(cells.some((c) => /Status: Online\. up/.test(c.textContent ?? ''))).toBe(true);
    for (const cell of [...cells, ...within(table).getAllByRole('rowheader')])
      expect(cell.textContent).not.toMatch(/Status: (green|red|orange|grey|blue)/);
    expect(screen.getByText('Warning: Duplicate address')).toBeInTheDocument();
    expect(screen.getByRole('list', { name: 'Tags' })).toHaveTextContent('IoT');
    expect(screen.getByRole('img', { name: 'Status: 1, 3, 2' })).toBeInTheDocument();
    expect(await seriousViolations(container)).toEqual([]);
  });

  it('says a status once: a bullet whose label is the value is not read out again', () => {
    render(
      <DataTable
        caption="Certificates"
        legend={[{ title: 'Name' }, { title: 'Status' }]}
        rows={[
          {
            id: 'c1',
            items: [
              { value: 'www.example.test' },
              { value: 'Revoked', statusBullColor: 'red', statusLabel: 'Revoked' },
            ],
          },
        ]}
      />,
    );
    const [status] = within(screen.getByRole('table')).getAllByRole('cell');
    expect(status).toHaveTextContent(/^Revoked$/);
  });

  it('cycles sort ascending → descending → none with aria-sort', async () => {
    const user = userEvent.setup();
    const onSortChange = jest.fn();
    render(<DataTable caption="Devices" legend={legend} rows={rows} onSortChange={onSortChange} />);
    const name = screen.getByRole('button', { name: /^Name/ });
    const header = screen.getByRole('columnheader', { name: /^Name/ });
    expect(header).toHaveAttribute('aria-sort', 'none');
    await user.click(name);
    expect(header).toHaveAttribute('aria-sort', 'ascending');
    expect(bodyNames()).toEqual(['camera', 'gateway', 'printer']);
    await user.click(name);
    expect(header).toHaveAttribute('aria-sort', 'descending');
    expect(bodyNames()).toEqual(['printer', 'gateway', 'camera']);
    // Keyboard: Enter on the focused header button.
    name.focus();
    await user.keyboard('{Enter}');
    expect(header).toHaveAttribute('aria-sort', 'none');
    expect(bodyNames()).toEqual(['gateway', 'printer', 'camera']);
    expect(onSortChange.mock.calls.map((c) => c[0])).toEqual([
      { column: 0, direction: 'ascending' },
      { column: 0, direction: 'descending' },
      null,
    ]);
    expect(screen.queryByRole('button', { name: /^Status/ })).not.toBeInTheDocument();
  });

  it('searches case-insensitively, disables sorting while searching, and Escape clears', async () => {
    const user = userEvent.setup();
    render(<DataTable caption="Devices" legend={legend} rows={rows} />);
    const search = screen.getByRole('searchbox', { name: 'Search table' });
    await user.type(search, 'ROUTER');
    expect(bodyNames()).toEqual(['gateway']);
    expect(screen.getByRole('button', { name: /^Name/ })).toBeDisabled();
    // The count says how many match, once, in a polite live region (it used to be said twice: a hidden status too).
    expect(screen.getByText('1 of 3 rows')).toHaveAttribute('role', 'status');
    await user.clear(search);
    await user.type(search, 'nothing-like-this');
    expect(screen.getByText('No data found')).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(search).toHaveValue('');
    expect(bodyNames()).toHaveLength(3);
    expect(screen.getByRole('button', { name: /^Name/ })).toBeEnabled();
  });

  it('shows the empty and loading states', () => {
    const { rerender } = render(<DataTable caption="Devices" legend={legend} rows={[]} loading />);
    expect(screen.getByRole('cell', { name: 'Fetching data...' })).toBeInTheDocument();
    rerender(<DataTable caption="Devices" legend={legend} rows={[]} />);
    expect(screen.getByRole('cell', { name: 'No data currently available' })).toBeInTheDocument();
  });

  it('a row action with its own label is named by it, not by "value row-name"', async () => {
    const user = userEvent.setup();
    const onRowAction = jest.fn();
    const sending: TableRow[] = [
      {
        id: 's1',
        items: [{ value: 'SIEM' }, { value: '10.0.0.5' }, { value: 'up' }],
        actions: [{ id: 'test', value: 'Send test', label: 'Send test to SIEM' }],
      },
    ];
    render(<DataTable caption="Collectors" legend={legend} rows={sending} onRowAction={onRowAction} />);
    await user.click(screen.getByRole('button', { name: 'Send test to SIEM' }));
    expect(onRowAction).toHaveBeenCalledWith('s1', 'test', undefined);
    expect(screen.queryByRole('button', { name: 'Send test SIEM' })).toBeNull();
  });

  it('row actions report the row and respect disabled and loading', async () => {
    const user = userEvent.setup();
    const onRowAction = jest.fn();
    render(<DataTable caption="Devices" legend={legend} rows={rows} onRowAction={onRowAction} />);
    await user.click(screen.getByRole('button', { name: 'Edit gateway' }));
    expect(onRowAction).toHaveBeenCalledWith('r1', 'edit', undefined);
    expect(screen.getByRole('button', { name: 'Edit printer' })).toBeDisabled();
    const loading = screen.getByRole('button', { name: 'Edit camera' });
    expect(loading).toBeDisabled();
    expect(loading).toHaveAttribute('aria-busy', 'true');
  });

  it('an action with options opens a menu operable by keyboard', async () => {
    const user = userEvent.setup();
    const onRowAction = jest.fn();
    const withMenu: TableRow[] = [
      {
        id: 'r1',
        items: [{ value: 'gateway' }],
        actions: [
          {
            id: 'export',
            value: 'Export',
            options: [
              { name: 'As PEM', value: 'pem' },
              { name: 'As DER', value: 'der' },
            ],
          },
        ],
      },
    ];
    render(
      <DataTable caption="Devices" legend={[{ title: 'Name' }]} rows={withMenu} onRowAction={onRowAction} />,
    );
    const button = screen.getByRole('button', { name: 'Export gateway' });
    expect(button).toHaveAttribute('aria-haspopup', 'menu');
    button.focus();
    await user.keyboard('{ArrowDown}');
    const menu = await screen.findByRole('menu', { name: 'Export gateway' });
    expect(button).toHaveAttribute('aria-expanded', 'true');
    expect(within(menu).getByRole('menuitem', { name: 'As PEM' })).toHaveFocus();
    await user.keyboard('{ArrowDown}{Enter}');
    expect(onRowAction).toHaveBeenCalledWith('r1', 'export', 'der');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(button).toHaveFocus();
    // Escape closes without choosing.
    await user.click(button);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(onRowAction).toHaveBeenCalledTimes(1);
  });

  describe('selection and bulk actions', () => {
    const bulkActions = [
      { id: 'delete', value: 'Delete', confirmationMessage: 'Delete the selected devices?' },
      { id: 'restart', value: 'Restart' },
    ];
    const selectable: TableRow[] = [...rows.slice(0, 2), { ...rows[2], disabled: true }];

    it('shows the bulk bar on selection; select-all skips disabled rows', async () => {
      const user = userEvent.setup();
      render(<DataTable caption="Devices" legend={legend} rows={selectable} bulkActions={bulkActions} />);
      expect(screen.queryByRole('region', { name: 'Bulk actions' })).not.toBeInTheDocument();
      await user.click(screen.getByRole('checkbox', { name: 'Select gateway' }));
      const bar = screen.getByRole('region', { name: 'Bulk actions' });
      expect(bar).toHaveTextContent('1 selected');
      const all = screen.getByRole('checkbox', { name: 'Select all rows' }) as HTMLInputElement;
      expect(all.indeterminate).toBe(true);
      await user.click(all);
      expect(bar).toHaveTextContent('2 selected');
      expect(screen.getByRole('checkbox', { name: 'Select camera' })).toBeDisabled();
      await user.click(within(bar).getByRole('button', { name: 'Clear selection' }));
      expect(screen.queryByRole('region', { name: 'Bulk actions' })).not.toBeInTheDocument();
    });

    it('asks for confirmation, runs the action and clears the selection when processing ends', async () => {
      const user = userEvent.setup();
      let finish: () => void = () => {};
      const onBulkAction = jest.fn(() => new Promise<void>((resolve) => (finish = resolve)));
      const { container } = render(
        <DataTable
          caption="Devices"
          legend={legend}
          rows={selectable}
          bulkActions={bulkActions}
          onBulkAction={onBulkAction}
        />,
      );
      await user.click(screen.getByRole('checkbox', { name: 'Select gateway' }));
      await user.click(screen.getByRole('checkbox', { name: 'Select printer' }));
      const deleteButton = screen.getByRole('button', { name: 'Delete' });
      await user.click(deleteButton);
      const dialog = screen.getByRole('alertdialog', { name: 'Delete' });
      expect(dialog).toHaveAccessibleDescription('Delete the selected devices?');
      expect(within(dialog).getByRole('button', { name: 'No' })).toHaveFocus();
      expect(await seriousViolations(container.ownerDocument.body)).toEqual([]);
      // Escape cancels and gives focus back.
      await user.keyboard('{Escape}');
      expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
      expect(onBulkAction).not.toHaveBeenCalled();
      expect(deleteButton).toHaveFocus();

      await user.click(deleteButton);
      await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Yes' }));
      expect(onBulkAction).toHaveBeenCalledWith('delete', ['r1', 'r2']);
      const bar = screen.getByRole('region', { name: 'Bulk actions' });
      expect(bar).toHaveTextContent('processing');
      expect(within(bar).getByRole('button', { name: 'Restart' })).toBeDisabled();
      await act(async () => finish());
      expect(screen.queryByRole('region', { name: 'Bulk actions' })).not.toBeInTheDocument();
      expect(screen.getByRole('checkbox', { name: 'Select gateway' })).not.toBeChecked();
    });

    it('keeps the selection when the action fails', async () => {
      const user = userEvent.setup();
      const onBulkAction = jest.fn(() => Promise.reject(new Error('nope')));
      render(
        <DataTable
          caption="Devices"
          legend={legend}
          rows={selectable}
          bulkActions={bulkActions}
          onBulkAction={onBulkAction}
        />,
      );
      await user.click(screen.getByRole('checkbox', { name: 'Select gateway' }));
      await user.click(screen.getByRole('button', { name: 'Restart' }));
      expect(onBulkAction).toHaveBeenCalledWith('restart', ['r1']);
      expect(await screen.findByRole('button', { name: 'Restart' })).toBeEnabled();
      expect(screen.getByRole('checkbox', { name: 'Select gateway' })).toBeChecked();
    });

    it('with a controlled processing flag, clears when it goes back to false', async () => {
      const user = userEvent.setup();
      const onBulkAction = jest.fn();
      const { rerender } = render(
        <DataTable
          caption="Devices"
          legend={legend}
          rows={selectable}
          bulkActions={bulkActions}
          onBulkAction={onBulkAction}
          bulkProcessing={false}
        />,
      );
      await user.click(screen.getByRole('checkbox', { name: 'Select gateway' }));
      await user.click(screen.getByRole('button', { name: 'Restart' }));
      expect(screen.getByRole('checkbox', { name: 'Select gateway' })).toBeChecked();
      rerender(
        <DataTable
          caption="Devices"
          legend={legend}
          rows={selectable}
          bulkActions={bulkActions}
          onBulkAction={onBulkAction}
          bulkProcessing
        />,
      );
      expect(screen.getByRole('checkbox', { name: 'Select gateway' })).toBeDisabled();
      rerender(
        <DataTable
          caption="Devices"
          legend={legend}
          rows={selectable}
          bulkActions={bulkActions}
          onBulkAction={onBulkAction}
          bulkProcessing={false}
        />,
      );
      expect(screen.getByRole('checkbox', { name: 'Select gateway' })).not.toBeChecked();
    });
  });

  it('reordering: disables sort and search, drops the sort, and arrow keys on the handle move rows', async () => {
    const user = userEvent.setup();
    const onReorder = jest.fn();
    render(<DataTable caption="Devices" legend={legend} rows={rows} reorderable onReorder={onReorder} />);
    await user.click(screen.getByRole('button', { name: /^Name/ }));
    expect(bodyNames()).toEqual(['camera', 'gateway', 'printer']);
    await user.click(screen.getByRole('button', { name: 'Reorder rows' }));
    expect(screen.getByRole('button', { name: 'Done reordering' })).toHaveAttribute('aria-pressed', 'true');
    expect(bodyNames()).toEqual(['gateway', 'printer', 'camera']);
    expect(screen.getByRole('button', { name: /^Name/ })).toBeDisabled();
    expect(screen.getByRole('searchbox')).toBeDisabled();
    // The sortable body (with @dnd-kit) loads on demand.
    const handle = await screen.findByRole('button', { name: 'Move gateway' });
    handle.focus();
    await user.keyboard('{ArrowDown}');
    expect(bodyNames()).toEqual(['printer', 'gateway', 'camera']);
    expect(onReorder).toHaveBeenLastCalledWith(['r2', 'r1', 'r3']);
    expect(screen.getByText('gateway moved to position 2 of 3.')).toHaveAttribute('aria-live', 'polite');
    await user.keyboard('{ArrowUp}{ArrowUp}');
    expect(onReorder).toHaveBeenLastCalledWith(['r1', 'r2', 'r3']);
    await user.click(screen.getByRole('button', { name: 'Done reordering' }));
    expect(screen.getByRole('button', { name: /^Name/ })).toBeEnabled();
  });

  it('Tab walks search, reorder toggle, sort headers, select-all, then each row checkbox and actions', async () => {
    const user = userEvent.setup();
    render(
      <DataTable
        caption="Devices"
        legend={legend}
        rows={rows.slice(0, 2)}
        reorderable
        bulkActions={[{ id: 'delete', value: 'Delete' }]}
      />,
    );
    const order: string[] = [];
    for (let i = 0; i < 9; i++) {
      await user.tab();
      const el = document.activeElement as HTMLElement;
      order.push(el.getAttribute('aria-label') ?? el.textContent ?? el.tagName);
    }
    expect(order).toEqual([
      'Search table',
      'Reorder rows',
      'Devices (scrollable)',
      'Select all rows',
      'Name',
      'Address',
      'Select gateway',
      'Edit gateway',
      'Select printer',
    ]);
  });

  it('the reorder toggle is off while searching', async () => {
    const user = userEvent.setup();
    render(<DataTable caption="Devices" legend={legend} rows={rows} reorderable />);
    await user.type(screen.getByRole('searchbox'), 'gate');
    expect(screen.getByRole('button', { name: 'Reorder rows' })).toBeDisabled();
  });

  describe('virtualisation', () => {
    const many: TableRow[] = Array.from({ length: 10_000 }, (_, i) => ({
      id: `r${i}`,
      items: [{ value: `host-${i}` }, { value: i }],
    }));
    let restore: () => void;
    beforeEach(() => {
      // jsdom has no layout: give the scroll container a height so the virtualiser has a window.
      const desc = Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'clientHeight');
      Object.defineProperty(HTMLElement.prototype, 'clientHeight', { configurable: true, get: () => 480 });
      restore = () => desc && Object.defineProperty(HTMLElement.prototype, 'clientHeight', desc);
    });
    afterEach(() => restore());

    it('renders only a window of 10,000 rows and keeps the full count for assistive tech', async () => {
      const user = userEvent.setup();
      render(<DataTable caption="Hosts" legend={[{ title: 'Host' }, { title: 'Number' }]} rows={many} />);
      const table = screen.getByRole('table', { name: 'Hosts' });
      expect(table).toHaveAttribute('aria-rowcount', '10001');
      const rendered = within(table).getAllByRole('rowheader');
      expect(rendered.length).toBeGreaterThan(5);
      expect(rendered.length).toBeLessThan(60);
      expect(rendered[0]).toHaveTextContent('host-0');
      // Sorting descending on the number column brings the last row first.
      await user.click(screen.getByRole('button', { name: /^Number/ }));
      await user.click(screen.getByRole('button', { name: /^Number/ }));
      expect(within(table).getAllByRole('rowheader')[0]).toHaveTextContent('host-9999');
      await user.type(screen.getByRole('searchbox'), 'host-1234');
      expect(
        within(table)
          .getAllByRole('rowheader')
          .map((c) => c.textContent),
      ).toEqual(['host-1234']);
    });
  });
});
