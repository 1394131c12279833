/**
 * /authentication/groups: groups of accounts and what they may do (read or write per area of the console) in a
 * data table with search, sort and bulk delete (the appliance refuses to delete a group that is the only access of
 * an enabled user; the error handler lists those groups, 2,500 ms each), an Add dialog, and a link to each group.
 * Changing groups is for admins; an account that may read the authentication area sees the list.
 */
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { DataTable, type TableRow } from '../../../widgets/DataTable';
import { FormModal } from '../common/FormModal';
import { PageHeader } from '../../../widgets/PageHeader';
import { useAppDispatch } from '../../../store/createStore';
import { fieldErrorsCleared } from '../../../store/slices/fieldErrors.slice';
import { useResource, useResourceSave } from '../../../store/useResource';
import { useIsAdmin } from '../../../store/usePrivilege';
import {
  GroupFields,
  NEW_GROUP,
  groupSchema,
  privilegeSummary,
  toGroupBody,
  type GroupValues,
} from './GroupFields';
import { GROUPS_KEY, USERS_KEY, type Group } from './types';
import '../common/config/config.css';
import { ArrowRightIcon } from '../../../widgets/icons';

export const GROUPS_TITLE = 'Groups';

const LEGEND = [
  { title: 'Name' },
  { title: 'Description' },
  { title: 'Members', width: 90 },
  { title: 'Privileges' },
];

const BULK = [
  {
    id: 'delete',
    value: 'Delete selected',
    confirmationMessage: 'Delete the selected groups? Their members lose what the groups granted.',
  },
] as const;

export function GroupsPage() {
  const { data, status } = useResource<{ data: Group[] }>(GROUPS_KEY);
  const bulk = useResourceSave();
  const navigate = useNavigate();
  const dispatch = useAppDispatch();
  const isAdmin = useIsAdmin();
  const [adding, setAdding] = useState(false);
  useEffect(() => {
    document.title = `${GROUPS_TITLE} · Rampart`;
  }, []);
  const rows: TableRow[] = (data?.data ?? []).map((g) => ({
    id: String(g.id),
    items: [
      { value: g.name },
      { value: g.description },
      { value: g.members.length, sortValue: g.members.length },
      { value: privilegeSummary(g.privileges) },
    ],
    actions: [{ id: 'open', value: 'Open', icon: <ArrowRightIcon /> }],
  }));
  return (
    <section className="page config-page" aria-label={GROUPS_TITLE}>
      <PageHeader
        title={GROUPS_TITLE}
        actionDescription="Groups give accounts with the user role read or write access per area of the console; the appliance enforces it."
        primaryButton={{
          label: 'Add group',
          disabled: !isAdmin,
          onClick: () => {
            dispatch(fieldErrorsCleared());
            setAdding(true);
          },
        }}
      />
      <section className="config-section" aria-label="All groups">
        <DataTable
          caption="Groups"
          legend={LEGEND}
          rows={rows}
          loading={status === 'loading'}
          searchLabel="Search groups"
          emptyMessage="No groups yet."
          bulkActions={isAdmin ? BULK : []}
          bulkProcessing={bulk.pending}
          onBulkAction={(action, ids) => {
            bulk.save({
              key: GROUPS_KEY,
              method: 'POST',
              path: 'groups/bulk',
              body: { action, ids: ids.map(Number) },
              message: `${ids.length} group${ids.length === 1 ? '' : 's'} deleted.`,
              refresh: [USERS_KEY],
            });
          }}
          onRowAction={(rowId, action) => {
            if (action === 'open') void navigate(`/authentication/groups/${rowId}`);
          }}
        />
      </section>
      {adding ? <AddGroup onClose={() => setAdding(false)} /> : null}
    </section>
  );
}

function AddGroup({ onClose }: { onClose: () => void }) {
  return (
    <FormModal<GroupValues>
      title="Add group"
      submitLabel="Add"
      initialValues={NEW_GROUP}
      schema={groupSchema}
      toSave={(v) => ({
        key: GROUPS_KEY,
        method: 'POST',
        path: 'groups',
        body: toGroupBody(v),
        message: `Group "${v.name.trim()}" added.`,
        refresh: [USERS_KEY],
      })}
      onClose={onClose}
    >
      {() => <GroupFields />}
    </FormModal>
  );
}
