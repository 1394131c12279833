/**
 * /authentication/users/{id}: one account — its fields (edit and save), second factors (an admin can reset them),
 * sign-in history with the failed attempts since the last success, ending every session, and deleting the account.
 */
import { Formik } from 'formik';
import { Form } from '../../forms/Form';
import { useEffect, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { formatDateTime } from '../../../lib/format';
import { ConfirmationModal } from '../../../widgets/ConfirmationModal';
import { DataTable } from '../../../widgets/DataTable';
import { Loader } from '../../../widgets/Loader';
import { PageHeader } from '../../../widgets/PageHeader';
import { useResourceSave } from '../../../store/useResource';
import { useIsAdmin } from '../../../store/usePrivilege';
import { DirtyGuard, FormDirtyReporter } from '../common/config/DirtyGuard';
import { EntityFallback } from '../common/EntityFallback';
import { useEntity } from '../common/useEntity';
import {
  AccountFields,
  accountSchema,
  toAccountBody,
  toAccountValues,
  type AccountValues,
} from './AccountFields';
import { accountStatus } from './UsersPage';
import { USERS_KEY, userKey, type AccountDetail } from './types';
import '../common/config/config.css';

type Pending = 'delete' | 'sessions' | 'second-factors' | null;

const QUESTIONS: Record<Exclude<Pending, null>, { title: string; message: string; yes: string }> = {
  delete: { title: 'Delete user?', message: 'Delete this account? This cannot be undone.', yes: 'Delete' },
  sessions: { title: 'End all sessions?', message: 'Sign this account out everywhere?', yes: 'End sessions' },
  'second-factors': {
    title: 'Reset second factors?',
    message:
      'Remove the authenticator app and the security keys of this account? The user signs in with the password and enrols again.',
    yes: 'Reset',
  },
};

export function UserDetailPage() {
  const { id = '' } = useParams();
  const key = userKey(id);
  const entity = useEntity<AccountDetail>(key, id);
  const { data } = entity;
  const edit = useResourceSave();
  const action = useResourceSave();
  const navigate = useNavigate();
  const [asking, setAsking] = useState<Pending>(null);
  // Accounts are changed by admins only; an account that may read the authentication area sees it.
  const isAdmin = useIsAdmin();
  const title = data ? `User ${data.username}` : 'User';
  useEffect(() => {
    document.title = `${title} · Rampart`;
  }, [title]);

  if (!data) return <EntityFallback entity={entity} label={title} what="the user" loading={<Loader />} />;

  const run = (what: Exclude<Pending, null>) => {
    if (what === 'delete') {
      action.save({
        key: USERS_KEY,
        method: 'DELETE',
        path: `users/${data.id}`,
        message: `User "${data.username}" deleted.`,
      });
      void navigate('/authentication/users');
    } else
      action.save({
        key,
        method: 'DELETE',
        path: `users/${data.id}/${what}`,
        message: what === 'sessions' ? 'Sessions ended.' : 'Second factor reset.',
      });
    setAsking(null);
  };

  return (
    <DirtyGuard>
      <section className="page config-page" aria-label={title}>
        <PageHeader
          title={title}
          badge={{ label: accountStatus(data) }}
          backLink={{ to: '/authentication/users', label: 'Users' }}
          actionDescription={`Created ${formatDateTime(data.created_at)}. Last sign-in: ${
            data.last_login ? formatDateTime(data.last_login) : 'never'
          }. Failed attempts since: ${data.failed_since_last_login}.`}
          secondaryButton={{
            label: 'End all sessions',
            onClick: () => setAsking('sessions'),
            disabled: !data.active_sessions || !isAdmin,
          }}
        />
        <section className="config-section" aria-label="Account">
          <h2>Account</h2>
          <Formik<AccountValues>
            initialValues={toAccountValues(data)}
            enableReinitialize
            validationSchema={accountSchema}
            onSubmit={(v) => {
              edit.save({
                key,
                method: 'PUT',
                path: `users/${data.id}`,
                body: toAccountBody(v),
                message: 'User saved.',
                refresh: [USERS_KEY],
              });
            }}
          >
            {({ dirty }) => (
              <Form noValidate className="config-form">
                <FormDirtyReporter id="user-account" />
                <fieldset className="config-fieldset" disabled={!isAdmin}>
                  <AccountFields />
                  <div className="config-form__actions">
                    <button
                      type="submit"
                      className="button button--primary"
                      disabled={!dirty || edit.pending}
                    >
                      Save
                    </button>
                    <button type="button" className="button" onClick={() => setAsking('delete')}>
                      Delete user
                    </button>
                  </div>
                </fieldset>
              </Form>
            )}
          </Formik>
        </section>
        <section className="config-section" aria-label="Second factors">
          <h2>Second factors</h2>
          {data.second_factors.length || data.security_keys?.length ? (
            <>
              <ul>
                {data.second_factors.map((f) => (
                  <li key={f.type}>
                    Authenticator app (TOTP){f.created_at ? `, added ${formatDateTime(f.created_at)}` : ''}
                  </li>
                ))}
                {(data.security_keys ?? []).map((k) => (
                  <li key={`key-${k.id}`}>
                    Security key "{k.name}", added {formatDateTime(k.created_at)}
                    {k.last_used_at ? `, last used ${formatDateTime(k.last_used_at)}` : ', never used'}
                  </li>
                ))}
              </ul>
              <button
                type="button"
                className="button"
                disabled={!isAdmin}
                onClick={() => setAsking('second-factors')}
              >
                Reset second factors
              </button>
            </>
          ) : (
            <p>No second factor.</p>
          )}
        </section>
        <section className="config-section" aria-label="Sign-in history">
          <DataTable
            caption="Sign-in history"
            showCaption
            legend={[{ title: 'Time' }, { title: 'Source' }, { title: 'Method' }, { title: 'Result' }]}
            rows={data.login_history.map((r, i) => ({
              id: String(i),
              items: [
                { value: formatDateTime(r.at, { seconds: true }), sortValue: r.at },
                { value: r.source },
                { value: r.method },
                { value: r.success ? 'Signed in' : 'Failed', statusBullColor: r.success ? 'green' : 'red' },
              ],
            }))}
            searchLabel="Search sign-ins"
            emptyMessage="No sign-ins recorded."
            maxHeight={320}
          />
        </section>
        <ConfirmationModal
          open={asking !== null}
          title={asking ? QUESTIONS[asking].title : ''}
          message={asking ? QUESTIONS[asking].message : ''}
          yesLabel={asking ? QUESTIONS[asking].yes : 'Yes'}
          noLabel="Cancel"
          onCancel={() => setAsking(null)}
          onConfirm={() => {
            if (asking) run(asking);
          }}
        />
      </section>
    </DirtyGuard>
  );
}
