/**
 * The list page of an entity (users, groups, certificates, …), from one description: the page header, the
 * appliance's list paged, sorted, searched and filtered on the server (the query in the URL), the row's name as a
 * link to its detail page, a total in words, filters, and bulk actions sent as one request (`POST …/bulk {action,
 * ids}`) after a confirmation that names the action and the count. Rows the admin may not select (their own
 * account) say why. What differs between entities is data: columns, filters, actions; dialogs are children.
 */
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import type { ListPage } from '../../../../shared/contracts/listing';
import { useAppDispatch } from '../../../../store/createStore';
import { notificationRequested, type NotificationLevel } from '../../../../store/slices/notifications.slice';
import {
  resourceLoaded,
  type EndpointSave,
  type WriteEndpoint,
} from '../../../../store/slices/resources.slice';
import { useResource, useResourceSave } from '../../../../store/useResource';
import {
  DataTable,
  countOf,
  type ItemName,
  type RowAction,
  type SortState,
  type TableItem,
  type TableRow,
} from '../../../../widgets/DataTable';
import { PageHeader, type HeaderButton } from '../../../../widgets/PageHeader';
import { Select } from '../../../../widgets/Select';
import type { ListSource } from './listQuery';
import { useEntityList } from './useEntityList';
import '../config/config.css';
import './entity.css';

export interface EntityColumn<T> {
  title: string;
  /** The list contract's sort field this column orders by (none: the column does not sort). */
  sort?: string;
  width?: number;
  /** When the column gives way to a narrow table (see the data table): 1 always, 2 below 900 px, 3 below 1200 px. */
  priority?: 1 | 2 | 3;
  cell: (row: T) => TableItem;
}

/** A filter of the list contract, as a select above the table. */
export interface EntityFilter {
  name: string;
  label: string;
  /** The option that removes the filter ("Any role"). */
  any: string;
  options: ReadonlyArray<{ value: string; name: string }>;
}

export interface EntityBulkAction {
  id: string;
  /** "Delete": the confirmation reads "Delete 3 users". */
  verb: string;
  /** "deleted": the summary reads "3 users deleted." */
  done: string;
  detail?: string;
}

export interface EntityListProps<T> {
  source: ListSource;
  title: string;
  description: string;
  itemName: ItemName;
  columns: ReadonlyArray<EntityColumn<T>>;
  rowId: (row: T) => string;
  /** The row's detail page: its first cell links there. */
  href: (row: T) => string;
  /** Why a row cannot be selected for bulk actions (null: it can). */
  unselectable?: (row: T) => string | null;
  rowActions?: (row: T) => RowAction[];
  onRowAction?: (row: T, action: string, option?: string) => void;
  filters?: readonly EntityFilter[];
  /**
   * One request per action: the list's bulk endpoint (`POST …/bulk {action, ids}`, e.g. `authentication.usersBulk`);
   * `ids` maps the rows' ids (numbers for accounts).
   */
  bulk?: {
    endpoint: WriteEndpoint;
    actions: readonly EntityBulkAction[];
    ids?: (ids: string[]) => unknown[];
    refresh?: string[];
    /**
     * The toast from the answer, when the endpoint may do part of the request (`{done, refused}`: "3 certificates
     * deleted; 1 kept: …"); without it the toast is "3 users deleted." once the request succeeds.
     */
    summary?: (answer: unknown, action: EntityBulkAction) => { message: string; level: NotificationLevel };
  };
  /** False on a read-only page: no bulk actions, disabled header buttons (the page passes them disabled). */
  canWrite: boolean;
  primaryButton?: HeaderButton;
  secondaryButton?: HeaderButton;
  /** The History page filtered to the list's area (a link in the header). */
  history?: string;
  /** Extra controls after the filters. */
  toolbar?: ReactNode;
  emptyMessage: string;
  /** Shown between the header and the table (a notice, a summary board). */
  before?: ReactNode;
  /** The page's dialogs. */
  children?: ReactNode;
}

const EMPTY: ListPage<never> = { data: [], total: 0, page: 1, per_page: 50 };

export function EntityListPage<T>(props: EntityListProps<T>) {
  const { source, title, itemName, columns, filters = [], bulk: bulkSpec, canWrite } = props;
  const list = useEntityList<T>(source);
  const bulk = useResourceSave();
  const navigate = useNavigate();
  const dispatch = useAppDispatch();
  // A bulk answer the page sums up itself (see `bulk.summary`): kept under its own key until it is toasted.
  const answerKey = `${source.resource}#bulk`;
  const answer = useResource<unknown>(answerKey, { skip: true }).data;
  const lastAction = useRef<EntityBulkAction | null>(null);
  useEffect(() => {
    const summary = bulkSpec?.summary;
    if (answer === undefined || answer === null || !summary || !lastAction.current) return;
    const { message, level } = summary(answer, lastAction.current);
    dispatch(notificationRequested({ kind: 'toast', level, message }));
    dispatch(resourceLoaded({ key: answerKey, data: null }));
  }, [answer, answerKey, bulkSpec, dispatch]);

  const page = list.page ?? EMPTY;
  const { params, update } = list;
  const rows: TableRow[] = page.data.map((row) => {
    const id = props.rowId(row);
    const reason = props.unselectable?.(row) ?? null;
    return {
      id,
      items: columns.map((c, i) => (i === 0 ? { ...c.cell(row), href: props.href(row) } : c.cell(row))),
      ...(props.rowActions ? { actions: props.rowActions(row) } : {}),
      ...(reason ? { selectable: false, selectionNote: reason } : {}),
    };
  });
  const byId = new Map(page.data.map((row) => [props.rowId(row), row]));

  const sortField = params.sort?.replace(/^-/, '');
  const sortColumn = columns.findIndex((c) => c.sort !== undefined && c.sort === sortField);
  const sort: SortState | null =
    sortColumn < 0
      ? null
      : { column: sortColumn, direction: params.sort?.startsWith('-') ? 'descending' : 'ascending' };
  const narrowed = !!params.q || filters.some((f) => params[f.name]);

  // The search box is the table's; its text survives a reload of the page through the URL.
  const [initialSearch] = useState(params.q ?? '');

  return (
    <section className="page config-page page--wide entity-list" aria-label={title}>
      <PageHeader
        title={title}
        actionDescription={props.description}
        primaryButton={props.primaryButton}
        secondaryButton={props.secondaryButton}
        history={props.history}
      />
      {props.before}
      <DataTable
        caption={title}
        legend={columns.map((c) => ({
          title: c.title,
          sortable: c.sort !== undefined,
          ...(c.width ? { width: c.width } : {}),
          ...(c.priority ? { priority: c.priority } : {}),
        }))}
        rows={rows}
        loading={list.loading}
        itemName={itemName}
        searchLabel={`Search ${itemName.other}`}
        initialSearch={initialSearch}
        onSearchChange={(q) => update({ q })}
        sort={sort}
        onSortChange={(next) => {
          const field = next ? columns[next.column]?.sort : undefined;
          update({ sort: field ? `${next?.direction === 'descending' ? '-' : ''}${field}` : null });
        }}
        server={{
          total: page.total,
          page: Number(params.page),
          perPage: Number(params.per_page),
          onPageChange: (p, perPage) => update({ page: String(p), per_page: String(perPage) }),
        }}
        onNavigate={(href) => void navigate(href)}
        emptyMessage={
          list.failed
            ? `The ${itemName.other} could not be loaded.`
            : narrowed
              ? `No ${itemName.other} match the search and filters.`
              : props.emptyMessage
        }
        toolbar={
          filters.length || props.toolbar ? (
            <div className="entity-list__filters" role="group" aria-label="Filters">
              {filters.map((f) => (
                <Select
                  key={f.name}
                  label={f.label}
                  placeholder={f.any}
                  value={params[f.name] ?? ''}
                  options={f.options}
                  onChange={(value) => update({ [f.name]: value })}
                />
              ))}
              {props.toolbar}
            </div>
          ) : undefined
        }
        bulkActions={
          canWrite && bulkSpec
            ? bulkSpec.actions.map((a) => ({
                id: a.id,
                value: `${a.verb} selected`,
                confirm: { verb: a.verb, ...(a.detail ? { detail: a.detail } : {}) },
              }))
            : []
        }
        bulkProcessing={bulk.pending}
        onBulkAction={(action, ids) => {
          const spec = bulkSpec?.actions.find((a) => a.id === action);
          if (!bulkSpec || !spec) return;
          lastAction.current = spec;
          bulk.save({
            endpoint: bulkSpec.endpoint,
            key: source.resource,
            body: { action, ids: bulkSpec.ids ? bulkSpec.ids(ids) : ids },
            ...(bulkSpec.summary
              ? { resultKey: answerKey }
              : { message: `${countOf(ids.length, itemName)} ${spec.done}.` }),
            ...(bulkSpec.refresh ? { refresh: bulkSpec.refresh } : {}),
          } as unknown as EndpointSave<WriteEndpoint>);
        }}
        onRowAction={(id, action, option) => {
          const row = byId.get(id);
          if (row) props.onRowAction?.(row, action, option);
        }}
      />
      {props.children}
    </section>
  );
}
