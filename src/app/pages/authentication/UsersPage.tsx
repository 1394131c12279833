/**
 * /authentication/users: the appliance's local accounts on the entity list (server paging, sort, search, role and
 * state filters; bulk enable, disable and delete in one request each, confirmed by action and count; your own
 * account cannot be selected, and the appliance refuses to disable or remove the last admin who can sign in), an
 * Add dialog that creates the account with a one-time password shown once, and each name a link to its page.
 */
import { useState } from 'react';
import { formatDateTime } from '../../../lib/format';
import { accountState, type AccountState } from '../../../shared/authentication';
import { usersQuery } from '../../../shared/contracts/authentication';
import { FormModal } from '../common/FormModal';
import { EntityListPage, type EntityColumn } from '../common/entity/EntityListPage';
import type { ListSource } from '../common/entity/listQuery';
import { Modal } from '../../../widgets/Modal';
import { useAppDispatch, useAppSelector } from '../../../store/createStore';
import { fieldErrorsCleared } from '../../../store/slices/fieldErrors.slice';
import { resourceLoaded } from '../../../store/slices/resources.slice';
import { useResource } from '../../../store/useResource';
import { useIsAdmin } from '../../../store/usePrivilege';
import { AccountFields, newAccountRules, toAccountBody, type AccountValues } from './AccountFields';
import { CREATED_USER_KEY, USERS_KEY } from './resources';
import type { Account } from '../../../shared/contracts/authentication';
import '../common/config/config.css';
import { createUser, usersBulk, type CreatedAccount } from '../../../shared/contracts/authentication';
import { saveOf } from '../../../store/slices/resources.slice';
import { historyOf } from '../history/link';

export const USERS_TITLE = 'Users';

/** The accounts list: its URL's query, its resource key and the contract it follows. */
export const USERS_LIST: ListSource = { resource: USERS_KEY, query: usersQuery, defaultSort: 'username' };

const STATE_WORDS: Record<AccountState, string> = {
  enabled: 'Enabled',
  pending: 'First access pending',
  locked: 'Locked',
  expired: 'Expired',
  disabled: 'Disabled',
};

/** Enabled, disabled, locked (by failed logins) or expired, in words. */
export function accountStatus(a: Account, today = new Date().toISOString().slice(0, 10)): string {
  return STATE_WORDS[accountState(a, today)];
}

const COLUMNS: ReadonlyArray<EntityColumn<Account>> = [
  { title: 'User name', sort: 'username', cell: (u) => ({ value: u.username }) },
  { title: 'Full name', sort: 'full_name', priority: 2, cell: (u) => ({ value: u.full_name || '—' }) },
  { title: 'E-mail', sort: 'email', priority: 3, cell: (u) => ({ value: u.email || '—' }) },
  { title: 'Role', sort: 'role', width: 90, cell: (u) => ({ value: u.role === 'admin' ? 'Admin' : 'User' }) },
  {
    title: 'Status',
    sort: 'status',
    width: 170,
    cell: (u) => {
      const state = accountState(u);
      return {
        value: STATE_WORDS[state],
        statusBullColor: state === 'enabled' ? 'green' : state === 'pending' ? 'gold' : 'red',
        statusLabel: STATE_WORDS[state],
      };
    },
  },
  {
    title: 'Groups',
    priority: 3,
    cell: (u) => ({ value: u.groups?.length ? u.groups.map((g) => g.name).join(', ') : '—' }),
  },
  {
    title: 'Expires',
    sort: 'expires_at',
    width: 120,
    priority: 2,
    cell: (u) => ({ value: u.expires_at ?? '—' }),
  },
];

export function UsersPage() {
  const dispatch = useAppDispatch();
  const [adding, setAdding] = useState(false);
  // Accounts are changed by admins only; an account that may read the authentication area sees the list.
  const isAdmin = useIsAdmin();
  const me = useAppSelector((s) => s.session.user?.username.toLowerCase());
  return (
    <EntityListPage<Account>
      history={historyOf('authentication')}
      source={USERS_LIST}
      title={USERS_TITLE}
      description="The appliance's local accounts: who may sign in to the console, with which role, until when."
      itemName={{ one: 'user', other: 'users' }}
      columns={COLUMNS}
      rowId={(u) => String(u.id)}
      href={(u) => `/authentication/users/${u.id}`}
      unselectable={(u) =>
        u.username.toLowerCase() === me ? 'Your own account: change it on its own page.' : null
      }
      filters={[
        {
          name: 'role',
          label: 'Role',
          any: 'Any role',
          options: [
            { value: 'admin', name: 'Admin' },
            { value: 'user', name: 'User' },
          ],
        },
        {
          name: 'status',
          label: 'Status',
          any: 'Any status',
          options: Object.entries(STATE_WORDS).map(([value, name]) => ({ value, name })),
        },
      ]}
      bulk={{
        endpoint: usersBulk,
        ids: (ids) => ids.map(Number),
        actions: [
          { id: 'enable', verb: 'Enable', done: 'enabled' },
          { id: 'disable', verb: 'Disable', done: 'disabled', detail: 'They are signed out at once.' },
          { id: 'delete', verb: 'Delete', done: 'deleted', detail: 'This cannot be undone.' },
        ],
      }}
      canWrite={isAdmin}
      primaryButton={{
        label: 'Add user',
        disabled: !isAdmin,
        onClick: () => {
          dispatch(fieldErrorsCleared());
          setAdding(true);
        },
      }}
      emptyMessage="No users yet."
    >
      {adding ? <AddUser onClose={() => setAdding(false)} /> : null}
      <CreatedPassword />
    </EntityListPage>
  );
}

type NewValues = AccountValues & { username: string };
export const NEW_USER: NewValues = {
  username: '',
  email: '',
  full_name: '',
  role: 'user',
  enabled: true,
  expires_at: '',
  groups: [],
};

function AddUser({ onClose }: { onClose: () => void }) {
  return (
    <FormModal<NewValues>
      title="Add user"
      submitLabel="Add"
      initialValues={NEW_USER}
      rules={newAccountRules}
      toSave={(v) =>
        saveOf({
          endpoint: createUser,
          key: USERS_KEY,
          body: { username: v.username.trim(), ...toAccountBody(v) },
          message: `User "${v.username.trim()}" added.`,
          resultKey: CREATED_USER_KEY,
        })
      }
      onClose={onClose}
    >
      {() => (
        <>
          <AccountFields withUsername />
          <p className="config-section__description">
            The account gets a one-time password, shown once; the user chooses their own at the first sign-in.
          </p>
        </>
      )}
    </FormModal>
  );
}

/** The one-time password of the account just created; forgotten once the dialog is closed. */
function CreatedPassword() {
  const { data } = useResource<CreatedAccount | null>(CREATED_USER_KEY, {
    skip: true,
  });
  const dispatch = useAppDispatch();
  if (!data?.one_time_password) return null;
  const close = () => {
    dispatch(resourceLoaded({ key: CREATED_USER_KEY, data: null }));
  };
  return (
    <Modal
      open
      title={`One-time password of "${data.username}"`}
      onClose={close}
      footer={
        <button type="button" className="button button--primary" onClick={close}>
          Done
        </button>
      }
    >
      <p>
        Give this password to {data.username}; it is shown only now. They must change it when they first sign
        in.
      </p>
      <p>
        <code data-testid="one-time-password">{data.one_time_password}</code>
      </p>
      <p className="config-section__description">Created {formatDateTime(data.created_at)}.</p>
    </Modal>
  );
}
