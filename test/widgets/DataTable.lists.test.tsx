/** @jest-environment jsdom */
/**
 * The data table as an entity list: columns that give way to a narrow table, links to the detail, counts in words,
 * server paging, rows that cannot be selected and confirmations that name the action and the count.
 */
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { seriousViolations } from './support/axe';
import { DataTable } from '../../src/widgets/DataTable';
import type { ServerPaging, TableLegendEntry, TableRow } from '../../src/widgets/DataTable';

const users = { one: 'user', other: 'users' };
const legend: TableLegendEntry[] = [
  { title: 'Name' },
  { title: 'Email', priority: 2 },
  { title: 'Last sign-in', priority: 3 },
  { title: 'Role' },
];
const makeRows = (n: number, from = 0): TableRow[] =>
  Array.from({ length: n }, (_, i) => ({
    id: `u${from + i}`,
    items: [
      { value: `user-${String(from + i).padStart(2, '0')}`, href: `/users/u${from + i}` },
      { value: `user${from + i}@example.test` },
      { value: '2026-11-01' },
      { value: i % 2 ? 'Admin' : 'Viewer' },
    ],
    actions: [{ id: 'delete', value: 'Delete' }],
  }));

const names = () =>
  within(screen.getByRole('table'))
    .getAllByRole('rowheader')
    .map((c) => c.textContent);

describe('DataTable column priorities', () => {
  it('marks priority 2 and 3 columns, header and cells, so a narrow table hides them', () => {
    render(<DataTable caption="Users" legend={legend} rows={makeRows(2)} />);
    const table = screen.getByRole('table', { name: 'Users' });
    const headers = within(table).getAllByRole('columnheader');
    expect(headers.map((h) => h.getAttribute('data-priority'))).toEqual([null, '2', '3', null, null]);
    expect(screen.getByRole('columnheader', { name: /Email/ })).toHaveClass('data-table__col--p2');
    expect(screen.getByRole('columnheader', { name: /Last sign-in/ })).toHaveClass('data-table__col--p3');
    const email = screen.getByRole('cell', { name: 'user0@example.test' });
    expect(email).toHaveClass('data-table__col--p2');
    expect(screen.getAllByRole('cell', { name: '2026-11-01' })[0]).toHaveClass('data-table__col--p3');
    expect(screen.getAllByRole('cell', { name: 'Viewer' })[0]).not.toHaveAttribute('data-priority');
    // Truncated text keeps its full text as a tooltip.
    expect(screen.getByText('user0@example.test')).toHaveAttribute('title', 'user0@example.test');
  });

  it("keeps the row's first column whatever its priority: it names the row and leads to its detail", () => {
    render(<DataTable caption="Users" legend={[{ title: 'Name', priority: 3 }]} rows={[makeRows(1)[0]]} />);
    expect(screen.getByRole('columnheader', { name: /^Name/ })).not.toHaveAttribute('data-priority');
    expect(screen.getByRole('rowheader', { name: 'user-00' })).not.toHaveAttribute('data-priority');
  });
});

describe('DataTable links', () => {
  // Whether the table left the click to the browser (did not prevent it). jsdom cannot follow links, so once the
  // table has had its say the click is stopped here, after the fact.
  const followed: boolean[] = [];
  const record = (e: Event) => {
    followed.push(!e.defaultPrevented);
    e.preventDefault();
  };
  beforeEach(() => {
    followed.length = 0;
    window.addEventListener('click', record);
  });
  afterEach(() => window.removeEventListener('click', record));

  it('renders a real link; a plain click navigates client-side, a modified click is left to the browser', () => {
    const onNavigate = jest.fn();
    render(<DataTable caption="Users" legend={legend} rows={makeRows(2)} onNavigate={onNavigate} />);
    const link = screen.getByRole('link', { name: 'user-00' });
    expect(link).toHaveAttribute('href', '/users/u0');
    fireEvent.click(link, { button: 0 });
    expect(onNavigate).toHaveBeenCalledWith('/users/u0');
    fireEvent.click(link, { button: 0, ctrlKey: true });
    fireEvent.click(link, { button: 0, metaKey: true });
    fireEvent.click(link, { button: 0, shiftKey: true });
    expect(onNavigate).toHaveBeenCalledTimes(1);
    expect(followed).toEqual([false, true, true, true]);
  });

  it('without onNavigate the link is a normal link', () => {
    render(<DataTable caption="Users" legend={legend} rows={makeRows(1)} />);
    fireEvent.click(screen.getByRole('link', { name: 'user-00' }), { button: 0 });
    expect(followed).toEqual([true]);
  });
});

describe('DataTable counts', () => {
  it('says the total in words, and how many a search leaves', async () => {
    const user = userEvent.setup();
    render(<DataTable caption="Users" legend={legend} rows={makeRows(63)} itemName={users} />);
    expect(screen.getByText('63 users')).toHaveAttribute('aria-live', 'polite');
    await user.type(screen.getByRole('searchbox'), 'user-1');
    expect(screen.getByText('10 of 63 users')).toHaveAttribute('role', 'status');
    await user.clear(screen.getByRole('searchbox'));
    await user.type(screen.getByRole('searchbox'), 'user-12');
    expect(screen.getByText('1 of 63 users')).toBeInTheDocument();
  });

  it('uses the given total, the singular, and "rows" without an item name', () => {
    const { rerender } = render(
      <DataTable caption="Users" legend={legend} rows={makeRows(3)} itemName={users} total={1200} />,
    );
    expect(screen.getByText('1,200 users')).toBeInTheDocument();
    rerender(<DataTable caption="Users" legend={legend} rows={makeRows(1)} itemName={users} />);
    expect(screen.getByText('1 user')).toBeInTheDocument();
    rerender(<DataTable caption="Users" legend={legend} rows={makeRows(4)} />);
    expect(screen.getByText('4 rows')).toBeInTheDocument();
  });
});

describe('DataTable server mode', () => {
  const server = (over: Partial<ServerPaging> = {}): ServerPaging => ({
    total: 10_000,
    page: 1,
    perPage: 50,
    onPageChange: jest.fn(),
    ...over,
  });
  // The page as the server sent it: not in name order.
  const page = [...makeRows(3)].reverse();

  afterEach(() => jest.useRealTimers());

  it('does not sort or search itself: it reports sort clicks and debounced searches', async () => {
    jest.useFakeTimers();
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    const onSortChange = jest.fn();
    const onSearchChange = jest.fn();
    const paging = server();
    const { rerender } = render(
      <DataTable
        caption="Users"
        legend={legend}
        rows={page}
        itemName={users}
        server={paging}
        onSortChange={onSortChange}
        onSearchChange={onSearchChange}
      />,
    );
    expect(names()).toEqual(['user-02', 'user-01', 'user-00']);
    await user.click(screen.getByRole('button', { name: /^Name/ }));
    expect(onSortChange).toHaveBeenLastCalledWith({ column: 0, direction: 'ascending' });
    expect(names()).toEqual(['user-02', 'user-01', 'user-00']);
    expect(screen.getByRole('columnheader', { name: /^Name/ })).toHaveAttribute('aria-sort', 'ascending');

    // A controlled sort state is what the header shows.
    rerender(
      <DataTable
        caption="Users"
        legend={legend}
        rows={page}
        itemName={users}
        server={paging}
        sort={{ column: 3, direction: 'descending' }}
        onSortChange={onSortChange}
        onSearchChange={onSearchChange}
      />,
    );
    expect(screen.getByRole('columnheader', { name: /^Role/ })).toHaveAttribute('aria-sort', 'descending');
    expect(screen.getByRole('columnheader', { name: /^Name/ })).toHaveAttribute('aria-sort', 'none');

    await user.type(screen.getByRole('searchbox'), 'user-00');
    // Nothing is filtered here, and nothing is reported while typing goes on.
    expect(names()).toHaveLength(3);
    expect(onSearchChange).not.toHaveBeenCalled();
    act(() => jest.advanceTimersByTime(300));
    expect(onSearchChange).toHaveBeenCalledTimes(1);
    expect(onSearchChange).toHaveBeenCalledWith('user-00');
    // Sorting stays on while searching: the server sorts the results.
    expect(screen.getByRole('button', { name: /^Name/ })).toBeEnabled();
    // The count is the server's total.
    expect(screen.getByText('10,000 users')).toHaveAttribute('role', 'status');
  });

  it('pages: the range, previous / next, page numbers and the page size', async () => {
    const user = userEvent.setup();
    const paging = server();
    const { rerender, container } = render(
      <DataTable caption="Users" legend={legend} rows={page} itemName={users} server={paging} />,
    );
    expect(screen.getByText('1–50 of 10,000')).toBeInTheDocument();
    const pager = screen.getByRole('navigation', { name: 'Users pages' });
    expect(within(pager).getByRole('button', { name: 'Previous page' })).toBeDisabled();
    await user.click(within(pager).getByRole('button', { name: 'Next page' }));
    expect(paging.onPageChange).toHaveBeenLastCalledWith(2, 50);
    await user.click(within(pager).getByRole('button', { name: 'Page 3' }));
    expect(paging.onPageChange).toHaveBeenLastCalledWith(3, 50);
    const size = screen.getByRole('combobox', { name: 'Rows per page' });
    expect(
      within(size)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['25', '50', '100', '200']);
    await user.selectOptions(size, '100');
    expect(paging.onPageChange).toHaveBeenLastCalledWith(1, 100);

    rerender(
      <DataTable
        caption="Users"
        legend={legend}
        rows={page}
        itemName={users}
        server={server({ page: 200, total: 9_990 })}
      />,
    );
    expect(screen.getByText('9,951–9,990 of 9,990')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Next page' })).toBeDisabled();
    expect(await seriousViolations(container)).toEqual([]);
  });

  it('grows with the page instead of a 480 px scroll box, as does a table with fill', () => {
    const { rerender } = render(<DataTable caption="Users" legend={legend} rows={page} />);
    expect(screen.getByRole('region', { name: 'Users (scrollable)' })).toHaveStyle({ maxHeight: '480px' });
    rerender(<DataTable caption="Users" legend={legend} rows={page} server={server()} />);
    expect(screen.getByRole('region', { name: 'Users (scrollable)' }).style.maxHeight).toBe('');
    rerender(<DataTable caption="Users" legend={legend} rows={page} fill />);
    expect(screen.getByRole('region', { name: 'Users (scrollable)' }).style.maxHeight).toBe('');
  });

  it("select-all selects the page's rows and says so", async () => {
    const user = userEvent.setup();
    const { rerender } = render(
      <DataTable
        caption="Users"
        legend={legend}
        rows={page}
        itemName={users}
        server={server()}
        bulkActions={[{ id: 'disable', value: 'Disable' }]}
      />,
    );
    await user.click(screen.getByRole('checkbox', { name: 'Select all users on this page' }));
    expect(screen.getByRole('region', { name: 'Bulk actions' })).toHaveTextContent('3 selected on this page');
    // Another page starts with nothing selected, even when it comes back.
    const props = {
      caption: 'Users',
      legend,
      itemName: users,
      bulkActions: [{ id: 'disable', value: 'Disable' }],
    };
    rerender(<DataTable {...props} rows={makeRows(3, 3)} server={server({ page: 2 })} />);
    expect(screen.queryByRole('region', { name: 'Bulk actions' })).not.toBeInTheDocument();
    rerender(<DataTable {...props} rows={page} server={server()} />);
    expect(screen.getByRole('checkbox', { name: 'Select user-00' })).not.toBeChecked();
  });
});

describe('DataTable selection and confirmation', () => {
  const me: TableRow = {
    id: 'me',
    items: [{ value: 'admin' }, { value: 'admin@example.test' }, { value: 'now' }, { value: 'Admin' }],
    selectable: false,
    selectionNote: 'Your own account cannot be selected',
  };

  it('a row that is not selectable has a disabled checkbox saying why, and select-all skips it', async () => {
    const user = userEvent.setup();
    const onBulkAction = jest.fn();
    render(
      <DataTable
        caption="Users"
        legend={legend}
        rows={[me, ...makeRows(2)]}
        bulkActions={[{ id: 'disable', value: 'Disable' }]}
        onBulkAction={onBulkAction}
      />,
    );
    const mine = screen.getByRole('checkbox', { name: 'Select admin' });
    expect(mine).toBeDisabled();
    expect(mine).toHaveAccessibleDescription('Your own account cannot be selected');
    expect(mine).toHaveAttribute('title', 'Your own account cannot be selected');
    const all = screen.getByRole('checkbox', { name: 'Select all rows' });
    await user.click(all);
    expect(all).toBeChecked();
    expect(mine).not.toBeChecked();
    await user.click(screen.getByRole('button', { name: 'Disable' }));
    expect(onBulkAction).toHaveBeenCalledWith('disable', ['u0', 'u1']);
  });

  it('the confirmation names the action and the count, the detail, the selected rows, and Cancel', async () => {
    const user = userEvent.setup();
    const onBulkAction = jest.fn();
    const { container } = render(
      <DataTable
        caption="Users"
        legend={legend}
        rows={makeRows(8)}
        itemName={users}
        bulkActions={[
          { id: 'delete', value: 'Delete', confirm: { verb: 'Delete', detail: 'This cannot be undone.' } },
          { id: 'enable', value: 'Enable', confirm: { verb: 'Enable' } },
        ]}
        onBulkAction={onBulkAction}
      />,
    );
    for (const n of ['00', '01', '02'])
      await user.click(screen.getByRole('checkbox', { name: `Select user-${n}` }));
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Delete 3 users' });
    expect(dialog).toHaveAccessibleDescription('This cannot be undone.');
    expect(within(dialog).getByRole('list', { name: 'Selected' })).toHaveTextContent('user-00user-01user-02');
    const confirm = within(dialog).getByRole('button', { name: 'Delete 3 users' });
    expect(confirm).toHaveClass('data-table__danger');
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    expect(within(dialog).queryByRole('button', { name: 'Yes' })).not.toBeInTheDocument();
    expect(await seriousViolations(container.ownerDocument.body)).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(onBulkAction).not.toHaveBeenCalled();

    // Up to 5 names, then "and N more"; the singular; not a danger button for a harmless verb.
    await user.click(screen.getByRole('checkbox', { name: 'Select all rows' }));
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    const list = within(screen.getByRole('alertdialog', { name: 'Delete 8 users' })).getByRole('list');
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['user-00', 'user-01', 'user-02', 'user-03', 'user-04', 'and 3 more']);
    await user.click(screen.getByRole('button', { name: 'Delete 8 users' }));
    expect(onBulkAction).toHaveBeenCalledWith('delete', ['u0', 'u1', 'u2', 'u3', 'u4', 'u5', 'u6', 'u7']);

    await user.click(screen.getByRole('checkbox', { name: 'Select user-05' }));
    await user.click(screen.getByRole('button', { name: 'Enable' }));
    const enable = screen.getByRole('button', { name: 'Enable 1 user' });
    expect(enable).not.toHaveClass('data-table__danger');
  });
});
