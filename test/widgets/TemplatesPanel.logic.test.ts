import {
  addColumn,
  addFilter,
  createTemplate,
  deleteTemplate,
  initialColumnsState,
  initialFiltersState,
  moveColumn,
  parseStored,
  pendingColumns,
  removeColumn,
  removeFilter,
  selectedTemplate,
  selectTemplate,
  storageKey,
} from '../../src/widgets/TemplatesPanel/templates';

const cols = [
  { value: 'name', name: 'Name' },
  { value: 'ip', name: 'Address' },
  { value: 'mac', name: 'MAC' },
  { value: 'vendor', name: 'Vendor' },
];

describe('templates', () => {
  it.each([
    ['devices', 'columns', 'devices-columns-local'],
    ['devices', 'filters', 'devices-filters-local'],
  ] as const)('storageKey(%p, %p) = %p', (group, kind, key) => {
    expect(storageKey(group, kind)).toBe(key);
  });

  it('starts with a Default template (id default) selected', () => {
    const s = initialColumnsState(cols.slice(0, 2));
    expect(s.templates).toEqual([{ id: 'default', name: 'Default', columns: cols.slice(0, 2) }]);
    expect(s.selectedId).toBe('default');
  });

  it('creates a time-based, selected template copying the current one; empty names are refused', () => {
    const s0 = initialColumnsState(cols.slice(0, 2));
    const s1 = createTemplate(s0, '  Network  ', 1700000000000);
    expect(s1.selectedId).toBe('1700000000000');
    expect(selectedTemplate(s1)).toEqual({ id: '1700000000000', name: 'Network', columns: cols.slice(0, 2) });
    const s2 = createTemplate(s1, 'Same ms', 1700000000000);
    expect(s2.selectedId).toBe('1700000000001');
    expect(createTemplate(s1, '   ')).toBe(s1);
    // The copy is independent.
    const s3 = addColumn(s1, cols[2]);
    expect(s3.templates[0].columns).toHaveLength(2);
  });

  it('deleting a non-default template returns to Default; Default cannot be deleted', () => {
    const s1 = createTemplate(initialColumnsState([]), 'Mine', 5);
    const s2 = deleteTemplate(s1, '5');
    expect(s2.templates.map((t) => t.id)).toEqual(['default']);
    expect(s2.selectedId).toBe('default');
    expect(deleteTemplate(s2, 'default')).toBe(s2);
    expect(deleteTemplate(s2, 'missing')).toBe(s2);
  });

  it('selectTemplate ignores unknown ids', () => {
    const s = initialColumnsState([]);
    expect(selectTemplate(s, 'nope')).toBe(s);
  });

  it('chosen columns are appended and leave the pending list; removed ones come back', () => {
    let s = initialColumnsState([cols[0]]);
    expect(pendingColumns(cols, selectedTemplate(s).columns).map((c) => c.value)).toEqual([
      'ip',
      'mac',
      'vendor',
    ]);
    s = addColumn(s, cols[3]);
    s = addColumn(s, cols[1]);
    s = addColumn(s, cols[1]); // twice: once
    expect(selectedTemplate(s).columns.map((c) => c.value)).toEqual(['name', 'vendor', 'ip']);
    expect(pendingColumns(cols, selectedTemplate(s).columns).map((c) => c.value)).toEqual(['mac']);
    s = removeColumn(s, 'vendor');
    expect(pendingColumns(cols, selectedTemplate(s).columns).map((c) => c.value)).toEqual(['mac', 'vendor']);
  });

  it.each([
    [0, 2, ['ip', 'mac', 'name']],
    [2, 0, ['mac', 'name', 'ip']],
    [1, 1, ['name', 'ip', 'mac']],
    [0, 5, ['name', 'ip', 'mac']],
  ])('moveColumn %p → %p', (from, to, expected) => {
    const s = moveColumn(initialColumnsState(cols.slice(0, 3)), from, to);
    expect(selectedTemplate(s).columns.map((c) => c.value)).toEqual(expected);
  });

  it.each([
    [{ id: 'status', option: 'is', value: 'up' }, 1],
    [{ id: 'status', option: 'is', value: '   ' }, 0],
    [{ id: 'status', option: '', value: 'up' }, 0],
    [{ id: '', option: 'is', value: 'up' }, 0],
  ])('addFilter %p adds %p', (entry, count) => {
    expect(selectedTemplate(addFilter(initialFiltersState(), entry)).filters).toHaveLength(count);
  });

  it('addFilter trims the value; removeFilter drops by index', () => {
    let s = addFilter(initialFiltersState(), { id: 'name', option: 'contains', value: ' gw ' });
    s = addFilter(s, { id: 'status', option: 'is', value: 'up' });
    expect(selectedTemplate(s).filters[0].value).toBe('gw');
    s = removeFilter(s, 0);
    expect(selectedTemplate(s).filters).toEqual([{ id: 'status', option: 'is', value: 'up' }]);
  });

  describe('parseStored', () => {
    const fallback = initialColumnsState([cols[0]]);
    it.each([
      ['null', null],
      ['bad JSON', '{'],
      ['not an object', '"x"'],
      ['no templates', '{"selectedId":"default"}'],
    ])('falls back on %s', (_label, raw) => {
      expect(parseStored(raw, 'columns', fallback)).toBe(fallback);
    });
    it('keeps well-formed templates, drops broken ones, restores Default and a valid selection', () => {
      const raw = JSON.stringify({
        selectedId: 'gone',
        templates: [
          { id: '1', name: 'Mine', columns: [cols[1]] },
          { id: '2', name: 'Broken', columns: [{ value: 3 }] },
        ],
      });
      const s = parseStored(raw, 'columns', fallback);
      expect(s.templates.map((t) => t.id)).toEqual(['default', '1']);
      expect(s.selectedId).toBe('default');
    });
    it('reads filter templates', () => {
      const raw = JSON.stringify({
        selectedId: '9',
        templates: [
          { id: 'default', name: 'Default', filters: [] },
          { id: '9', name: 'Up', filters: [{ id: 's', option: 'is', value: 'up' }] },
        ],
      });
      const s = parseStored(raw, 'filters', initialFiltersState());
      expect(selectedTemplate(s).name).toBe('Up');
    });
  });
});
