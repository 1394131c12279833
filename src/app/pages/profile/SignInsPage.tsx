/**
 * `/profile`: the signed-in user's own account activity — recent sign-ins and failed attempts (time, source address,
 * method), failures since the last sign-in and how many sessions are open. Admins see anyone's on the user's page.
 */
import { useEffect } from 'react';
import { formatDateTime } from '../../../lib/format';
import { useAppSelector } from '../../../store/createStore';
import { useResource } from '../../../store/useResource';
import { DataTable } from '../../../widgets/DataTable';
import { Loader } from '../../../widgets/Loader';
import { PageHeader } from '../../../widgets/PageHeader';
import '../common/config/config.css';
import './profile.css';

export const PROFILE_TITLE = 'Your account';
export const SIGN_INS_KEY = 'users/me/sign-ins';

export interface SignIns {
  data: Array<{ at: number; source: string; method: string; success: boolean }>;
  last_login: number | null;
  failed_since_last_login: number;
  active_sessions: number;
}

const METHODS: Record<string, string> = {
  password: 'Password',
  'password+totp': 'Password and one-time code',
  'reauth:password': 'Confirmed with password',
  'reauth:totp': 'Confirmed with one-time code',
};

export function SignInsPage() {
  const { data, status } = useResource<SignIns>(SIGN_INS_KEY);
  const user = useAppSelector((s) => s.session.user);
  useEffect(() => {
    document.title = `${PROFILE_TITLE} · Rampart`;
  }, []);
  return (
    <section className="page config-page" aria-label={PROFILE_TITLE}>
      <PageHeader title={PROFILE_TITLE} />
      {!data ? (
        status === 'failed' ? (
          <p role="alert">Your sign-ins could not be read.</p>
        ) : (
          <Loader />
        )
      ) : (
        <>
          <section className="config-section" aria-label="Summary">
            <dl className="profile__facts">
              {user && (
                <>
                  <dt>User name</dt>
                  <dd>{user.username}</dd>
                </>
              )}
              <dt>Last sign-in</dt>
              <dd>
                {data.last_login ? formatDateTime(data.last_login, { seconds: true }) : 'None recorded'}
              </dd>
              <dt>Failed attempts since</dt>
              <dd>{data.failed_since_last_login}</dd>
              <dt>Open sessions</dt>
              <dd>{data.active_sessions}</dd>
            </dl>
          </section>
          <section className="config-section" aria-label="Recent sign-ins">
            <DataTable
              caption="Recent sign-ins"
              showCaption
              legend={[{ title: 'Time' }, { title: 'Source' }, { title: 'Method' }, { title: 'Result' }]}
              rows={data.data.map((r, i) => ({
                id: String(i),
                items: [
                  { value: formatDateTime(r.at, { seconds: true }), sortValue: r.at },
                  { value: r.source },
                  { value: METHODS[r.method] ?? r.method },
                  { value: r.success ? 'Signed in' : 'Failed', statusBullColor: r.success ? 'green' : 'red' },
                ],
              }))}
              searchLabel="Search sign-ins"
              emptyMessage="No sign-ins recorded."
              maxHeight={480}
            />
          </section>
        </>
      )}
    </section>
  );
}
