import { compareKeys, nextSort, sortKey, sortRows, textKey } from '../../src/widgets/DataTable/sorting';
import {
  createSearchTextCache,
  rowSearchText,
  searchRows,
  searchTerms,
} from '../../src/widgets/DataTable/searching';
import {
  actionsColumnWidth,
  actionsWidth,
  dataColumnWidths,
  tableColumns,
} from '../../src/widgets/DataTable/columnWidths';
import { applyOrder, moveItem } from '../../src/widgets/DataTable/reorder';
import type { TableItem, TableRow } from '../../src/widgets/DataTable/types';

const row = (id: string, ...items: TableItem[]): TableRow => ({ id, items });
const ids = (rows: TableRow[]) => rows.map((r) => r.id);

describe('sortKey', () => {
  it.each<[TableItem | undefined, ReturnType<typeof sortKey>]>([
    [{ value: 5 }, { kind: 0, n: 5 }],
    [{ value: '42' }, { kind: 0, n: 42 }],
    [{ value: '-1.5' }, { kind: 0, n: -1.5 }],
    [{ value: 'abc' }, { kind: 1, s: 'abc' }],
    [{ value: 'Host2' }, { kind: 1, s: 'host00000000000000000002' }],
    [
      { value: 'shown', sortValue: 3 },
      { kind: 0, n: 3 },
    ],
    [{ value: '' }, { kind: 2 }],
    [{ value: null }, { kind: 2 }],
    [undefined, { kind: 2 }],
    [{ value: Number.NaN }, { kind: 2 }],
  ])('%p → %p', (item, key) => {
    expect(sortKey(item)).toEqual(key);
  });

  it('orders numbers before text before empty', () => {
    expect(compareKeys({ kind: 0, n: 100 }, { kind: 1, s: 'a' })).toBeLessThan(0);
    expect(compareKeys({ kind: 1, s: 'z' }, { kind: 2 })).toBeLessThan(0);
  });
});

describe('textKey orders naturally with plain comparison', () => {
  it.each([
    ['host2', 'host10'],
    ['Alpha', 'beta'],
    ['éclair', 'fig'],
    ['a1b2', 'a1b10'],
    ['10.0.0.9', '10.0.0.10'],
  ])('%p < %p', (a, b) => {
    expect(textKey(a) < textKey(b)).toBe(true);
  });
  it('ignores case and accents', () => {
    expect(textKey('Éclair')).toBe(textKey('eclair'));
  });
});

describe('sortRows', () => {
  const rows = [
    row('a', { value: 'host10' }),
    row('b', { value: 'Host2' }),
    row('c', { value: '' }),
    row('d', { value: 'alpha' }),
    row('e', { value: 'host2' }),
  ];
  it.each([
    [null, ['a', 'b', 'c', 'd', 'e']],
    [{ column: 0, direction: 'ascending' as const }, ['d', 'b', 'e', 'a', 'c']],
    [{ column: 0, direction: 'descending' as const }, ['a', 'b', 'e', 'd', 'c']],
  ])('sort %p', (sort, expected) => {
    expect(ids(sortRows(rows, sort))).toEqual(expected);
  });

  it('uses sortValue over value, and numbers numerically', () => {
    const byDate = [
      row('x', { value: 'yesterday', sortValue: 2 }),
      row('y', { value: 'last year', sortValue: 1 }),
      row('z', { value: 'today', sortValue: 10 }),
    ];
    expect(ids(sortRows(byDate, { column: 0, direction: 'ascending' }))).toEqual(['y', 'x', 'z']);
  });

  it('does not mutate its input', () => {
    const copy = rows.slice();
    sortRows(rows, { column: 0, direction: 'ascending' });
    expect(rows).toEqual(copy);
  });
});

describe('nextSort cycles ascending → descending → none', () => {
  it.each([
    [null, 1, { column: 1, direction: 'ascending' }],
    [{ column: 1, direction: 'ascending' as const }, 1, { column: 1, direction: 'descending' }],
    [{ column: 1, direction: 'descending' as const }, 1, null],
    [{ column: 1, direction: 'descending' as const }, 2, { column: 2, direction: 'ascending' }],
  ])('%p on column %p → %p', (current, column, expected) => {
    expect(nextSort(current, column)).toEqual(expected);
  });
});

describe('searching', () => {
  const rows = [
    row(
      '1',
      { value: 'gateway', description: 'Main Router' },
      { value: '10.0.0.1', tags: [{ name: 'Core' }] },
    ),
    row('2', { value: 'printer', extraSearchValue: 'serial-XYZ' }, { value: '10.0.0.9' }),
    row('3', { value: 'camera' }, { value: null, warning: 'Firmware outdated' }),
  ];
  it.each([
    ['', ['1', '2', '3']],
    ['   ', ['1', '2', '3']],
    ['GATE', ['1']],
    ['router', ['1']],
    ['core', ['1']],
    ['xyz', ['2']],
    ['10.0.0', ['1', '2']],
    ['10.0.0 printer', ['2']],
    ['firmware', ['3']],
    ['nothing', []],
  ])('%p → %p', (query, expected) => {
    expect(ids(searchRows(rows, query))).toEqual(expected);
  });

  it('splits terms on whitespace', () => {
    expect(searchTerms('  A  b ')).toEqual(['a', 'b']);
  });

  it('caches search text per row object', () => {
    const cached = createSearchTextCache();
    expect(cached(rows[0])).toBe(rowSearchText(rows[0]));
    expect(cached(rows[0])).toBe(cached(rows[0]));
  });
});

describe('column widths (§9)', () => {
  it('gives 200 to the first column and 150 to others unless a width is set', () => {
    expect(dataColumnWidths([{ title: 'A' }, { title: 'B' }, { title: 'C', width: 90 }])).toEqual([
      200, 150, 90,
    ]);
  });
  it.each([
    [[], 40],
    [[{ id: 'e', value: 'Edit' }], 70],
    [
      [
        { id: 'e', value: 'Edit' },
        { id: 'd', value: 'Delete' },
      ],
      100,
    ],
    [
      [
        { id: 'o', value: 'Open', type: 'labelled' as const },
        { id: 'd', value: 'Delete' },
      ],
      170,
    ],
  ])('actions %p → %p px', (actions, width) => {
    expect(actionsWidth(actions)).toBe(width);
  });
  it('sizes the actions column for the row with most actions', () => {
    expect(
      actionsColumnWidth([
        { id: '1', items: [] },
        {
          id: '2',
          items: [],
          actions: [
            { id: 'a', value: 'A' },
            { id: 'b', value: 'B' },
          ],
        },
      ]),
    ).toBe(100);
    expect(actionsColumnWidth([{ id: '1', items: [] }])).toBe(0);
  });
});

describe('tableColumns', () => {
  const legend = [{ title: 'Name' }, { title: 'Address' }];
  const plain: TableRow[] = [{ id: '1', items: [] }];
  const withActions: TableRow[] = [
    { id: '1', items: [], actions: [{ id: 'a', value: 'A', type: 'labelled' }] },
  ];
  it.each<[string, boolean, boolean, TableRow[], number[], boolean]>([
    ['data columns only', false, false, plain, [200, 150], false],
    ['drag column first while reordering', true, false, plain, [60, 200, 150], false],
    ['select column before the data', false, true, plain, [44, 200, 150], false],
    ['actions column last', false, false, withActions, [200, 150, 140], true],
    ['all of them in order', true, true, withActions, [60, 44, 200, 150, 140], true],
  ])('%s', (_label, reordering, selectable, rows, widths, hasActions) => {
    expect(tableColumns({ legend, rows, reordering, selectable })).toEqual({
      widths,
      totalWidth: widths.reduce((a, b) => a + b, 0),
      hasActions,
    });
  });
});

describe('reorder helpers', () => {
  it.each([
    [0, 2, ['b', 'c', 'a', 'd']],
    [3, 0, ['d', 'a', 'b', 'c']],
    [1, 9, ['a', 'c', 'd', 'b']],
    [7, 0, ['a', 'b', 'c', 'd']],
  ])('moveItem from %p to %p', (from, to, expected) => {
    expect(moveItem(['a', 'b', 'c', 'd'], from, to)).toEqual(expected);
  });
  it('applyOrder follows the ids and appends unknown rows', () => {
    const rows = [row('a'), row('b'), row('c')];
    expect(ids(applyOrder(rows, ['c', 'x', 'a']))).toEqual(['c', 'a', 'b']);
    expect(ids(applyOrder(rows, null))).toEqual(['a', 'b', 'c']);
  });
});
