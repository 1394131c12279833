/**
 * /authentication/groups: groups of accounts and what they may do (read or write per area of the console) on the
 * entity list (server paging, sort, search; bulk delete in one request, which the appliance refuses for a group that
 * is the only access of an enabled user, and the error handler lists those groups, 2,500 ms each), an Add dialog,
 * and each name a link to its group. Changing groups is for admins; an account that may read the area sees the list.
 */
import { useState } from 'react';
import { groupsQuery } from '../../../shared/contracts/authentication';
import { FormModal } from '../common/FormModal';
import { EntityListPage, type EntityColumn } from '../common/entity/EntityListPage';
import type { ListSource } from '../common/entity/listQuery';
import { useAppDispatch } from '../../../store/createStore';
import { fieldErrorsCleared } from '../../../store/slices/fieldErrors.slice';
import { useIsAdmin } from '../../../store/usePrivilege';
import {
  GroupFields,
  NEW_GROUP,
  groupRules,
  privilegeSummary,
  toGroupBody,
  type GroupValues,
} from './GroupFields';
import { GROUPS_KEY, USERS_KEY } from './resources';
import type { Group } from '../../../shared/contracts/authentication';
import { createGroup, groupsBulk } from '../../../shared/contracts/authentication';
import { saveOf } from '../../../store/slices/resources.slice';
import { historyOf } from '../history/link';

export const GROUPS_TITLE = 'Groups';

export const GROUPS_LIST: ListSource = { resource: GROUPS_KEY, query: groupsQuery, defaultSort: 'name' };

const COLUMNS: ReadonlyArray<EntityColumn<Group>> = [
  { title: 'Name', sort: 'name', cell: (g) => ({ value: g.name }) },
  { title: 'Description', sort: 'description', priority: 3, cell: (g) => ({ value: g.description || '—' }) },
  { title: 'Members', sort: 'members', width: 100, cell: (g) => ({ value: g.members.length }) },
  // What a group grants is why it exists: it gives way only on a narrow screen.
  { title: 'Privileges', priority: 2, cell: (g) => ({ value: privilegeSummary(g.privileges) }) },
];

export function GroupsPage() {
  const dispatch = useAppDispatch();
  const isAdmin = useIsAdmin();
  const [adding, setAdding] = useState(false);
  return (
    <EntityListPage<Group>
      history={historyOf('authentication')}
      source={GROUPS_LIST}
      title={GROUPS_TITLE}
      description="Groups give accounts with the user role read or write access per area of the console; the appliance enforces it."
      itemName={{ one: 'group', other: 'groups' }}
      columns={COLUMNS}
      rowId={(g) => String(g.id)}
      href={(g) => `/authentication/groups/${g.id}`}
      bulk={{
        endpoint: groupsBulk,
        ids: (ids) => ids.map(Number),
        refresh: [USERS_KEY],
        actions: [
          {
            id: 'delete',
            verb: 'Delete',
            done: 'deleted',
            detail: 'Their members lose what the groups granted.',
          },
        ],
      }}
      canWrite={isAdmin}
      primaryButton={{
        label: 'Add group',
        disabled: !isAdmin,
        onClick: () => {
          dispatch(fieldErrorsCleared());
          setAdding(true);
        },
      }}
      emptyMessage="No groups yet."
    >
      {adding ? <AddGroup onClose={() => setAdding(false)} /> : null}
    </EntityListPage>
  );
}

function AddGroup({ onClose }: { onClose: () => void }) {
  return (
    <FormModal<GroupValues>
      title="Add group"
      submitLabel="Add"
      initialValues={NEW_GROUP}
      rules={groupRules}
      toSave={(v) =>
        saveOf({
          endpoint: createGroup,
          key: GROUPS_KEY,
          body: toGroupBody(v),
          message: `Group "${v.name.trim()}" added.`,
          refresh: [USERS_KEY],
        })
      }
      onClose={onClose}
    >
      {() => <GroupFields />}
    </FormModal>
  );
}
