/**
 * /authentication/users/{id}: one account — its fields (edit and save), second factors (an admin can reset them),
 * sign-in history with the failed attempts since the last success, ending every session, and deleting the account.
 */
import { useState } from 'react';
import { formatDateTime } from '../../../lib/format';
import { ConfirmationModal } from '../../../widgets/ConfirmationModal';
import { SignInTable } from '../common/SignInTable';
import { useResourceSave } from '../../../store/useResource';
import { DirtyGuard } from '../common/config/DirtyGuard';
import { useReadOnly } from '../common/config/ReadOnly';
import { DetailSection, EntityDetailView, entityDetailPage } from '../common/entity/EntityDetailPage';
import { EntityForm } from '../common/entity/EntityForm';
import type { EntityDetailSource } from '../common/entity/useEntityDetail';
import {
  AccountFields,
  accountRules,
  toAccountBody,
  toAccountValues,
  type AccountValues,
} from './AccountFields';
import { accountStatus } from './UsersPage';
import { USERS_KEY, userKey } from './resources';
import {
  endUserSessions,
  resetUserSecondFactors,
  type AccountDetail,
} from '../../../shared/contracts/authentication';
import * as authentication from '../../../shared/contracts/authentication';

export const USER_DETAIL: EntityDetailSource<AccountDetail> = {
  key: userKey,
  noun: 'User',
  title: (u) => `User ${u.username}`,
  back: { to: '/authentication/users', label: 'Users' },
};

type Question = 'sessions' | 'second-factors';

const QUESTIONS: Record<Question, { title: string; message: string; yes: string; done: string }> = {
  sessions: {
    title: 'End all sessions?',
    message: 'Sign this account out everywhere?',
    yes: 'End sessions',
    done: 'Sessions ended.',
  },
  'second-factors': {
    title: 'Reset second factors?',
    message:
      'Remove the authenticator app and the security keys of this account? The user signs in with the password and enrols again.',
    yes: 'Reset',
    done: 'Second factor reset.',
  },
};

function UserDetail({ entity: account }: { entity: AccountDetail }) {
  const key = userKey(account.id);
  const action = useResourceSave();
  const readOnly = useReadOnly();
  const [asking, setAsking] = useState<Question | null>(null);

  return (
    <DirtyGuard>
      <EntityDetailView
        header={{
          badge: { label: accountStatus(account) },
          actionDescription: `Created ${formatDateTime(account.created_at)}. Last sign-in: ${
            account.last_login ? formatDateTime(account.last_login) : 'never'
          }. Failed attempts since: ${account.failed_since_last_login}.`,
          secondaryButton: {
            label: 'End all sessions',
            onClick: () => setAsking('sessions'),
            disabled: !account.active_sessions || readOnly,
          },
        }}
        remove={{
          endpoint: authentication.deleteUser,
          message: `Delete the account "${account.username}"? This cannot be undone.`,
          key: USERS_KEY,
          done: `User "${account.username}" deleted.`,
        }}
      >
        <DetailSection title="Account">
          <EntityForm<AccountValues>
            id="user-account"
            initialValues={toAccountValues(account)}
            rules={accountRules}
            save={{
              endpoint: authentication.putUser,
              body: toAccountBody,
              message: 'User saved.',
              refresh: [USERS_KEY],
            }}
            deleteLabel="Delete user"
          >
            <AccountFields />
          </EntityForm>
        </DetailSection>
        <DetailSection title="Second factors">
          {account.second_factors.length || account.security_keys?.length ? (
            <>
              <ul>
                {account.second_factors.map((f) => (
                  <li key={f.type}>
                    Authenticator app (TOTP){f.created_at ? `, added ${formatDateTime(f.created_at)}` : ''}
                  </li>
                ))}
                {(account.security_keys ?? []).map((k) => (
                  <li key={`key-${k.id}`}>
                    Security key "{k.name}", added {formatDateTime(k.created_at)}
                    {k.last_used_at ? `, last used ${formatDateTime(k.last_used_at)}` : ', never used'}
                  </li>
                ))}
              </ul>
              <button
                type="button"
                className="button"
                disabled={readOnly}
                onClick={() => setAsking('second-factors')}
              >
                Reset second factors
              </button>
            </>
          ) : (
            <p>No second factor.</p>
          )}
        </DetailSection>
        <SignInTable caption="Sign-in history" signIns={account.login_history} maxHeight={320} />
        <ConfirmationModal
          open={asking !== null}
          title={asking ? QUESTIONS[asking].title : ''}
          message={asking ? QUESTIONS[asking].message : ''}
          yesLabel={asking ? QUESTIONS[asking].yes : 'Yes'}
          noLabel="Cancel"
          onCancel={() => setAsking(null)}
          onConfirm={() => {
            if (asking)
              action.save({
                endpoint: asking === 'sessions' ? endUserSessions : resetUserSecondFactors,
                params: { id: String(account.id) },
                key,
                message: QUESTIONS[asking].done,
              });
            setAsking(null);
          }}
        />
      </EntityDetailView>
    </DirtyGuard>
  );
}

// Accounts are changed by admins only; an account that may read the authentication area sees them.
export const UserDetailPage = entityDetailPage(USER_DETAIL, UserDetail, {
  writableBy: 'admins',
  readOnlyNotice: null,
});
