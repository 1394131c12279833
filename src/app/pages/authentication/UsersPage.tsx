/**
 * /authentication/users: the appliance's local accounts in a data table (search, sort, bulk enable, disable and
 * delete; the appliance refuses to remove or disable the last enabled admin or your own account and the error
 * handler lists them), an Add dialog that creates the account with a one-time password shown once, and a link to
 * each account's detail page.
 */
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { formatDateTime } from '../../../lib/format';
import { DataTable, type TableRow } from '../../../widgets/DataTable';
import { FormModal } from '../common/FormModal';
import { Modal } from '../../../widgets/Modal';
import { PageHeader } from '../../../widgets/PageHeader';
import { useAppDispatch } from '../../../store/createStore';
import { fieldErrorsCleared } from '../../../store/slices/fieldErrors.slice';
import { resourceLoaded } from '../../../store/slices/resources.slice';
import { useResource, useResourceSave } from '../../../store/useResource';
import { useIsAdmin } from '../../../store/usePrivilege';
import { AccountFields, newAccountSchema, toAccountBody, type AccountValues } from './AccountFields';
import { CREATED_USER_KEY, USERS_KEY, type Account } from './types';
import '../common/config/config.css';
import { ArrowRightIcon } from '../../../widgets/icons';

export const USERS_TITLE = 'Users';

const LEGEND = [
  { title: 'User name' },
  { title: 'Full name' },
  { title: 'E-mail' },
  { title: 'Role', width: 90 },
  { title: 'Status', width: 130 },
  { title: 'Expires', width: 120 },
];

/** Enabled, disabled, locked (by failed logins) or expired, in words. */
export function accountStatus(a: Account, today = new Date().toISOString().slice(0, 10)): string {
  if (!a.enabled) return 'Disabled';
  if (a.expires_at && a.expires_at < today) return 'Expired';
  if (a.locked) return 'Locked';
  return a.must_change_password ? 'First access pending' : 'Enabled';
}

const BULK = [
  { id: 'enable', value: 'Enable selected' },
  {
    id: 'disable',
    value: 'Disable selected',
    confirmationMessage: 'Disable the selected users? They are signed out.',
  },
  {
    id: 'delete',
    value: 'Delete selected',
    confirmationMessage: 'Delete the selected users? This cannot be undone.',
  },
] as const;

export function UsersPage() {
  const { data, status } = useResource<{ data: Account[] }>(USERS_KEY);
  const bulk = useResourceSave();
  const navigate = useNavigate();
  const dispatch = useAppDispatch();
  const [adding, setAdding] = useState(false);
  // Accounts are changed by admins only; an account that may read the authentication area sees the list.
  const isAdmin = useIsAdmin();
  useEffect(() => {
    document.title = `${USERS_TITLE} · Rampart`;
  }, []);
  const users = data?.data ?? [];
  const rows: TableRow[] = users.map((u) => ({
    id: String(u.id),
    items: [
      { value: u.username },
      { value: u.full_name },
      { value: u.email },
      { value: u.role },
      { value: accountStatus(u), statusBullColor: u.enabled && !u.locked ? 'green' : 'red' },
      { value: u.expires_at ?? '—' },
    ],
    actions: [{ id: 'open', value: 'Open', icon: <ArrowRightIcon /> }],
  }));
  return (
    <section className="page config-page" aria-label={USERS_TITLE}>
      <PageHeader
        title={USERS_TITLE}
        actionDescription="The appliance's local accounts: who may sign in to the console, with which role, until when."
        primaryButton={{
          label: 'Add user',
          disabled: !isAdmin,
          onClick: () => {
            dispatch(fieldErrorsCleared());
            setAdding(true);
          },
        }}
      />
      <section className="config-section" aria-label="Accounts">
        <DataTable
          caption="Accounts"
          legend={LEGEND}
          rows={rows}
          loading={status === 'loading'}
          searchLabel="Search users"
          emptyMessage="No users yet."
          bulkActions={isAdmin ? BULK : []}
          bulkProcessing={bulk.pending}
          onBulkAction={(action, ids) => {
            bulk.save({
              key: USERS_KEY,
              method: 'POST',
              path: 'users/bulk',
              body: { action, ids: ids.map(Number) },
              message: `${ids.length} user${ids.length === 1 ? '' : 's'} ${action}d.`,
            });
          }}
          onRowAction={(rowId, action) => {
            if (action === 'open') void navigate(`/authentication/users/${rowId}`);
          }}
        />
      </section>
      {adding ? <AddUser onClose={() => setAdding(false)} /> : null}
      <CreatedPassword />
    </section>
  );
}

type NewValues = AccountValues & { username: string };
const NEW: NewValues = {
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
      initialValues={NEW}
      schema={newAccountSchema}
      toSave={(v) => ({
        key: USERS_KEY,
        method: 'POST',
        path: 'users',
        body: { username: v.username.trim(), ...toAccountBody(v) },
        message: `User "${v.username.trim()}" added.`,
        resultKey: CREATED_USER_KEY,
      })}
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
  const { data } = useResource<(Account & { one_time_password?: string }) | null>(CREATED_USER_KEY, {
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
