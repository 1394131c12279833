/**
 * One list of a service's configuration (upstream servers, host overrides, authorised keys, …): a data table with
 * search, sort and bulk delete (confirmed first), an Add button and per-row Edit and Delete, and a modal Formik form
 * whose values go to the appliance through the resources saga (server field errors show under the fields).
 */
import { Formik, type FormikValues } from 'formik';
import { Form } from '../../../forms/Form';
import { useEffect, useId, useState, type ReactNode } from 'react';
import type { AnyObjectSchema } from 'yup';
import { useRules, type RulesModule } from '../../../forms/lazyRules';
import { DataTable, type TableRow } from '../../../../widgets/DataTable';
import { ConfirmationModal } from '../../../../widgets/ConfirmationModal';
import { Modal, ModalFormActions } from '../../../../widgets/Modal';
import { useAppDispatch } from '../../../../store/createStore';
import { fieldErrorsCleared } from '../../../../store/slices/fieldErrors.slice';
import { useResourceSave } from '../../../../store/useResource';
import { useReadOnly } from './ReadOnly';
import { ReasonField, useChangeReason } from './ReasonField';
import { EditIcon, TrashIcon } from '../../../../widgets/icons';
import type { ListEndpoints } from '../../../../shared/contracts/apply';

export interface ListColumn<T> {
  title: string;
  value: (item: T) => string | number;
  width?: number;
  /** When the column gives way to a narrow table (the kit's table: 2 below 900 px, 3 below 1200 px). */
  priority?: 1 | 2 | 3;
}

export interface ListSectionProps<T extends { id: number }, V extends FormikValues> {
  title: string;
  /** The section's id, so a link can point at it (`/dns/proxy#host-overrides` from the DNS query log). */
  anchor?: string;
  /** One item in words: "upstream server". */
  itemName: string;
  description?: ReactNode;
  /** Resource the list belongs to (reloaded after a change). */
  resourceKey: string;
  /** The list's four endpoints (`listEndpoints` of src/shared/contracts/apply.ts). */
  endpoints: ListEndpoints;
  /** Other resources to reload after a change (the configuration preview). */
  refresh?: string[];
  items: readonly T[];
  loading?: boolean;
  columns: ReadonlyArray<ListColumn<T>>;
  emptyMessage: string;
  newValues: V;
  /** Form values of an item (omit for lists whose items are replaced, not edited). */
  toValues?: (item: T) => V;
  /** The body the list's endpoints take. */
  toBody: (values: V) => object;
  /** The item form's rules module (lazyRules.ts), fetched when the dialog opens. */
  rules: RulesModule<AnyObjectSchema>;
  renderFields: (values: V) => ReactNode;
  describe: (item: T) => string;
  /** More row actions (e.g. "Update now"; the table adds the row's first cell to the label). */
  rowActions?: ReadonlyArray<{
    id: string;
    label: string;
    /** An icon of the shared set (src/widgets/icons), e.g. <RefreshIcon />. */
    icon: ReactNode;
    run: (item: T) => void;
  }>;
}

type Editing<V> = { mode: 'add'; values: V } | { mode: 'edit'; id: number; values: V } | null;

export function ListSection<T extends { id: number }, V extends FormikValues>(props: ListSectionProps<T, V>) {
  const { title, itemName, items, columns, resourceKey, endpoints, refresh, describe } = props;
  const headingId = useId();
  const dispatch = useAppDispatch();
  const [editing, setEditing] = useState<Editing<V>>(null);
  const [deleting, setDeleting] = useState<T | null>(null);
  const bulk = useResourceSave();
  const single = useResourceSave();
  const deleteReason = useChangeReason(single.status);
  // A page the account may only read lists the items without any way to change them.
  const readOnly = useReadOnly();

  const rows: TableRow[] = items.map((item) => ({
    id: String(item.id),
    items: columns.map((c) => ({ value: c.value(item) })),
    actions: readOnly
      ? []
      : [
          ...(props.rowActions ?? []).map((a) => ({ id: a.id, value: a.label, icon: a.icon })),
          // The table names the row after its first cell: "Edit 9.9.9.9".
          ...(props.toValues ? [{ id: 'edit', value: 'Edit', icon: <EditIcon /> }] : []),
          { id: 'delete', value: 'Delete', icon: <TrashIcon /> },
        ],
  }));

  const open = (next: Editing<V>) => {
    dispatch(fieldErrorsCleared());
    setEditing(next);
  };

  return (
    <section className="config-section" aria-labelledby={headingId} id={props.anchor}>
      <div className="config-section__head">
        <h2 id={headingId}>{title}</h2>
        <button
          type="button"
          className="button"
          disabled={readOnly}
          onClick={() => open({ mode: 'add', values: props.newValues })}
        >
          Add {itemName}
        </button>
      </div>
      {props.description ? <p className="config-section__description">{props.description}</p> : null}
      <DataTable
        caption={title}
        legend={columns.map((c) => ({ title: c.title, width: c.width, priority: c.priority }))}
        rows={rows}
        loading={props.loading}
        searchLabel={`Search ${title.toLowerCase()}`}
        emptyMessage={props.emptyMessage}
        maxHeight={320}
        bulkActions={
          readOnly
            ? []
            : [
                {
                  id: 'delete',
                  value: 'Delete selected',
                  confirmationMessage: `Delete the selected ${itemName}s?`,
                },
              ]
        }
        bulkProcessing={bulk.pending}
        onBulkAction={(_action, ids) => {
          bulk.save({
            endpoint: endpoints.removeMany,
            key: resourceKey,
            body: { ids: ids.map(Number) },
            message: `${ids.length} ${itemName}${ids.length === 1 ? '' : 's'} deleted.`,
            refresh,
          });
        }}
        onRowAction={(rowId, action) => {
          const item = items.find((i) => String(i.id) === rowId);
          if (!item) return;
          const extra = props.rowActions?.find((a) => a.id === action);
          if (extra) extra.run(item);
          else if (action === 'delete') setDeleting(item);
          else if (action === 'edit' && props.toValues)
            open({ mode: 'edit', id: item.id, values: props.toValues(item) });
        }}
      />
      {editing ? <ItemForm {...props} editing={editing} onClose={() => setEditing(null)} /> : null}
      <ConfirmationModal
        open={deleting !== null}
        title={`Delete ${itemName}?`}
        message={
          deleting ? `Delete ${describe(deleting)}? This takes effect when the configuration is applied.` : ''
        }
        yesLabel="Delete"
        noLabel="Cancel"
        onCancel={() => {
          deleteReason.setReason('');
          setDeleting(null);
        }}
        onConfirm={() => {
          if (!deleting) return;
          single.save({
            endpoint: endpoints.remove,
            params: { id: String(deleting.id) },
            key: resourceKey,
            headers: deleteReason.headers,
            message: `${capitalise(describe(deleting))} deleted.`,
            refresh,
          });
          // The outcome shows as a toast (or an error under the list): the question is answered.
          setDeleting(null);
        }}
      >
        <ReasonField value={deleteReason.reason} onChange={deleteReason.setReason} />
      </ConfirmationModal>
    </section>
  );
}

function ItemForm<T extends { id: number }, V extends FormikValues>(
  props: ListSectionProps<T, V> & { editing: NonNullable<Editing<V>>; onClose: () => void },
) {
  const { editing, onClose, itemName, resourceKey, endpoints, refresh, rules, toBody, renderFields } = props;
  const schema = useRules(rules, 'open').module;
  const { save, status, pending } = useResourceSave();
  const formId = useId();
  const reason = useChangeReason(status);
  useEffect(() => {
    if (status === 'done') onClose();
  }, [status, onClose]);
  const heading = editing.mode === 'add' ? `Add ${itemName}` : `Edit ${itemName}`;
  return (
    <Modal
      open
      title={heading}
      onClose={onClose}
      busy={pending}
      footer={
        <ModalFormActions
          formId={formId}
          submitLabel={editing.mode === 'add' ? 'Add' : 'Save'}
          pending={pending}
          onCancel={onClose}
        />
      }
    >
      <Formik<V>
        initialValues={editing.values}
        validationSchema={schema}
        onSubmit={(values) => {
          const common = {
            key: resourceKey,
            body: toBody(values) as Record<string, unknown>,
            refresh,
            headers: reason.headers,
          };
          if (editing.mode === 'add')
            save({ ...common, endpoint: endpoints.add, message: `${capitalise(itemName)} added.` });
          else
            save({
              ...common,
              endpoint: endpoints.replace,
              params: { id: String(editing.id) },
              message: `${capitalise(itemName)} saved.`,
            });
        }}
      >
        {({ values }) => (
          <Form id={formId} noValidate className="config-form">
            {renderFields(values)}
            <ReasonField value={reason.reason} onChange={reason.setReason} disabled={pending} />
          </Form>
        )}
      </Formik>
    </Modal>
  );
}

const capitalise = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
