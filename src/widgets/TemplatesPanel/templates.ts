/**
 * Column and filter templates (spec §3 column template, filter template, available filter; §4 column and filter
 * editors; §9 storage keys). Pure state transitions plus local-storage load and save.
 */
import { parseJson, readJson, writeJson } from '../../lib/storage';

export const DEFAULT_TEMPLATE_ID = 'default'; // §3/§9 a template named Default (id default) always exists
export const DEFAULT_TEMPLATE_NAME = 'Default';
export const COLUMNS_STORAGE_SUFFIX = '-columns-local'; // §9 <group>-columns-local
export const FILTERS_STORAGE_SUFFIX = '-filters-local'; // §9 <group>-filters-local

export interface ColumnRef {
  value: string;
  name: string;
}
export interface ColumnTemplate {
  id: string;
  name: string;
  columns: ColumnRef[];
}

export interface FilterOption {
  value: string;
  name: string;
}
export interface AvailableFilter {
  value: string;
  name: string;
  /** The conditions this filter offers (e.g. "is", "contains"). */
  options: FilterOption[];
}
/** An applied filter: `id` names the available filter, `option` its condition, `value` what is matched. */
export interface FilterEntry {
  id: string;
  option: string;
  value: string;
}
export interface FilterTemplate {
  id: string;
  name: string;
  filters: FilterEntry[];
}

export type Template = ColumnTemplate | FilterTemplate;
export interface TemplateState<T extends Template> {
  templates: T[];
  selectedId: string;
}
export type TemplateKind = 'columns' | 'filters';

export function storageKey(groupId: string, kind: TemplateKind): string {
  return groupId + (kind === 'columns' ? COLUMNS_STORAGE_SUFFIX : FILTERS_STORAGE_SUFFIX);
}

export function initialColumnsState(defaultColumns: readonly ColumnRef[]): TemplateState<ColumnTemplate> {
  return {
    templates: [{ id: DEFAULT_TEMPLATE_ID, name: DEFAULT_TEMPLATE_NAME, columns: [...defaultColumns] }],
    selectedId: DEFAULT_TEMPLATE_ID,
  };
}
export function initialFiltersState(
  defaultFilters: readonly FilterEntry[] = [],
): TemplateState<FilterTemplate> {
  return {
    templates: [{ id: DEFAULT_TEMPLATE_ID, name: DEFAULT_TEMPLATE_NAME, filters: [...defaultFilters] }],
    selectedId: DEFAULT_TEMPLATE_ID,
  };
}

export function selectedTemplate<T extends Template>(state: TemplateState<T>): T {
  return state.templates.find((t) => t.id === state.selectedId) ?? state.templates[0];
}

export function selectTemplate<T extends Template>(state: TemplateState<T>, id: string): TemplateState<T> {
  return state.templates.some((t) => t.id === id) ? { ...state, selectedId: id } : state;
}

/**
 * A new template named `name` (trimmed; empty is refused), copying the selected template's content, with a
 * time-based id (unique even when two are made in the same millisecond), and selected.
 */
export function createTemplate<T extends Template>(
  state: TemplateState<T>,
  name: string,
  now: number = Date.now(),
): TemplateState<T> {
  const trimmed = name.trim();
  if (!trimmed) return state;
  let stamp = Math.floor(now);
  while (state.templates.some((t) => t.id === String(stamp))) stamp += 1;
  const source = selectedTemplate(state);
  const copy = { ...(JSON.parse(JSON.stringify(source)) as T), id: String(stamp), name: trimmed };
  return { templates: [...state.templates, copy], selectedId: copy.id };
}

/** Removes a template other than Default and returns to Default. */
export function deleteTemplate<T extends Template>(state: TemplateState<T>, id: string): TemplateState<T> {
  if (id === DEFAULT_TEMPLATE_ID || !state.templates.some((t) => t.id === id)) return state;
  return { templates: state.templates.filter((t) => t.id !== id), selectedId: DEFAULT_TEMPLATE_ID };
}

function updateSelected<T extends Template>(state: TemplateState<T>, update: (t: T) => T): TemplateState<T> {
  const current = selectedTemplate(state);
  return { ...state, templates: state.templates.map((t) => (t === current ? update(t) : t)) };
}

// Columns.

/** Available columns not yet chosen, in their given order. */
export function pendingColumns(available: readonly ColumnRef[], chosen: readonly ColumnRef[]): ColumnRef[] {
  const taken = new Set(chosen.map((c) => c.value));
  return available.filter((c) => !taken.has(c.value));
}

export function addColumn(
  state: TemplateState<ColumnTemplate>,
  column: ColumnRef,
): TemplateState<ColumnTemplate> {
  return updateSelected(state, (t) =>
    t.columns.some((c) => c.value === column.value) ? t : { ...t, columns: [...t.columns, column] },
  );
}

export function removeColumn(
  state: TemplateState<ColumnTemplate>,
  value: string,
): TemplateState<ColumnTemplate> {
  return updateSelected(state, (t) => ({ ...t, columns: t.columns.filter((c) => c.value !== value) }));
}

export function moveColumn(
  state: TemplateState<ColumnTemplate>,
  from: number,
  to: number,
): TemplateState<ColumnTemplate> {
  return updateSelected(state, (t) => {
    if (from < 0 || from >= t.columns.length || to < 0 || to >= t.columns.length || from === to) return t;
    const columns = t.columns.slice();
    const [moved] = columns.splice(from, 1);
    columns.splice(to, 0, moved);
    return { ...t, columns };
  });
}

// Filters.

/** Adds a filter only when it names a filter and a condition and has a non-empty value (spec §4). */
export function addFilter(
  state: TemplateState<FilterTemplate>,
  entry: FilterEntry,
): TemplateState<FilterTemplate> {
  const value = entry.value.trim();
  if (!entry.id || !entry.option || !value) return state;
  return updateSelected(state, (t) => ({ ...t, filters: [...t.filters, { ...entry, value }] }));
}

export function removeFilter(
  state: TemplateState<FilterTemplate>,
  index: number,
): TemplateState<FilterTemplate> {
  return updateSelected(state, (t) => ({ ...t, filters: t.filters.filter((_, i) => i !== index) }));
}

// Storage.

const isString = (v: unknown): v is string => typeof v === 'string';
function isColumnRef(v: unknown): v is ColumnRef {
  return (
    typeof v === 'object' && v !== null && isString((v as ColumnRef).value) && isString((v as ColumnRef).name)
  );
}
function isFilterEntry(v: unknown): v is FilterEntry {
  return (
    typeof v === 'object' &&
    v !== null &&
    isString((v as FilterEntry).id) &&
    isString((v as FilterEntry).option) &&
    isString((v as FilterEntry).value)
  );
}
function isTemplate(v: unknown, kind: TemplateKind): boolean {
  if (typeof v !== 'object' || v === null) return false;
  const t = v as Record<string, unknown>;
  if (!isString(t.id) || !isString(t.name)) return false;
  return kind === 'columns'
    ? Array.isArray(t.columns) && t.columns.every(isColumnRef)
    : Array.isArray(t.filters) && t.filters.every(isFilterEntry);
}

/** Stored templates if they are well formed, with Default guaranteed (the given one is used if missing). */
export function fromStored<T extends Template>(
  data: unknown,
  kind: TemplateKind,
  fallback: TemplateState<T>,
): TemplateState<T> {
  const d = data as { templates?: unknown; selectedId?: unknown };
  if (typeof data !== 'object' || data === null || !Array.isArray(d.templates)) return fallback;
  const templates = d.templates.filter((t) => isTemplate(t, kind)) as T[];
  const fallbackDefault =
    fallback.templates.find((t) => t.id === DEFAULT_TEMPLATE_ID) ?? fallback.templates[0];
  if (!templates.some((t) => t.id === DEFAULT_TEMPLATE_ID)) templates.unshift(fallbackDefault);
  const selectedId =
    isString(d.selectedId) && templates.some((t) => t.id === d.selectedId)
      ? d.selectedId
      : DEFAULT_TEMPLATE_ID;
  return { templates, selectedId };
}

/** `fromStored` of stored text (absent or corrupt text gives the fallback). */
export function parseStored<T extends Template>(
  raw: string | null,
  kind: TemplateKind,
  fallback: TemplateState<T>,
): TemplateState<T> {
  return fromStored(parseJson(raw), kind, fallback);
}

export function loadTemplates<T extends Template>(
  groupId: string | undefined,
  kind: TemplateKind,
  fallback: TemplateState<T>,
): TemplateState<T> {
  if (!groupId) return fallback;
  return fromStored(readJson('local', storageKey(groupId, kind)), kind, fallback);
}

/**
 * Stores the templates only when a group id is given (spec §9). Returns whether they were stored; full or blocked
 * storage only loses the memory, the emitted value still applies for this visit.
 */
export function saveTemplates<T extends Template>(
  groupId: string | undefined,
  kind: TemplateKind,
  state: TemplateState<T>,
): boolean {
  if (!groupId) return false;
  return writeJson('local', storageKey(groupId, kind), state);
}

/** Columns of the selected template, as stored for `groupId` (or the defaults): what a page shows before any edit. */
export function appliedColumns(
  groupId: string | undefined,
  defaultColumns: readonly ColumnRef[],
): ColumnRef[] {
  return selectedTemplate(loadTemplates(groupId, 'columns', initialColumnsState(defaultColumns))).columns;
}

/** Filters of the selected template, as stored for `groupId` (or the defaults). */
export function appliedFilters(
  groupId: string | undefined,
  defaultFilters: readonly FilterEntry[] = [],
): FilterEntry[] {
  return selectedTemplate(loadTemplates(groupId, 'filters', initialFiltersState(defaultFilters))).filters;
}
