/**
 * `/profile` ("Your account"): the signed-in user's own account — password and two-factor (when the password last
 * changed, a link to change it, whether a second factor is set), sessions (how many are open, sign out), and recent
 * sign-ins and failed attempts (time, source address, method) with the failures since the last sign-in. Admins see
 * anyone's on the user's page. The account menu's entries land on its sections (#security, #sessions).
 */
import { formatDateTime } from '../../../lib/format';
import { useAppSelector } from '../../../store/createStore';
import { useEndpoint } from '../../../store/useResource';
import { Loader } from '../../../widgets/Loader';
import { PageHeader } from '../../../widgets/PageHeader';
import { SignInTable } from '../common/SignInTable';
import '../common/config/config.css';
import './profile.css';
import { getMySignIns, type MySignIns } from '../../../shared/contracts/authentication';
import { keyOf } from '../../../shared/contracts/endpoint';
import { SecurityKeys } from './SecurityKeys';
import { TwoFactorSetup } from './TwoFactorSetup';

export const PROFILE_TITLE = 'Your account';
export const SIGN_INS_KEY = keyOf(getMySignIns);

export type SignIns = MySignIns;

const METHODS: Record<string, string> = {
  password: 'Password',
  'password+totp': 'Password and one-time code',
  'password+webauthn': 'Password and security key',
  'reauth:password': 'Confirmed with password',
  'reauth:totp': 'Confirmed with one-time code',
};

/** What the "Two-factor" line says of the account's authenticator app and security keys. */
function twoFactorText(totp: { created_at: number | null } | undefined, keys: number): string {
  const app = totp
    ? `one-time codes from an authenticator app${totp.created_at ? ` (since ${formatDateTime(totp.created_at)})` : ''}`
    : null;
  const key = keys ? `${keys === 1 ? 'a security key' : `${keys} security keys`}` : null;
  if (app && key) return `On: ${app}, or ${key}. Each sign-in asks for one of them after the password.`;
  if (app) return `On: ${app}. Each sign-in asks for a code after the password.`;
  if (key) return `On: ${key}. Each sign-in asks for ${keys === 1 ? 'it' : 'one'} after the password.`;
  return 'Off: signing in asks for the password only.';
}

export function SignInsPage() {
  const { data, status } = useEndpoint(getMySignIns);
  const user = useAppSelector((s) => s.session.user);
  const totp = data?.second_factors?.find((f) => f.type === 'totp');
  const keys = data?.security_keys ?? [];
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
          <section className="config-section" id="security" aria-labelledby="profile-security">
            <h2 id="profile-security" className="profile__heading">
              Password and two-factor
            </h2>
            <dl className="profile__facts">
              <dt>Password</dt>
              <dd>
                {data.password_changed_at
                  ? `Changed ${formatDateTime(data.password_changed_at)}`
                  : 'Not changed since the account was made'}{' '}
                · <a href="/change-password/">Change your password</a>
              </dd>
              <dt>Two-factor</dt>
              <dd>{twoFactorText(totp, keys.length)}</dd>
            </dl>
            {!totp && (
              <TwoFactorSetup
                reloadKey={SIGN_INS_KEY}
                label={keys.length ? 'Set up an authenticator app' : undefined}
              />
            )}
            <SecurityKeys keys={keys} reloadKey={SIGN_INS_KEY} otherFactor={Boolean(totp)} />
            <p className="profile__note">
              Console accounts keep their password and second factors here, not in the identity service&apos;s
              account settings. A lost authenticator or security key is removed by an administrator on your
              user page (Authentication › Users); then you set up a new one here.
            </p>
          </section>
          <section className="config-section" id="sessions" aria-labelledby="profile-sessions">
            <h2 id="profile-sessions" className="profile__heading">
              Sessions
            </h2>
            <p className="profile__note">
              {data.active_sessions === 1
                ? 'One session is open: this one.'
                : `${data.active_sessions} sessions are open, this one included.`}{' '}
              <a href="/logout/">Sign out</a>
            </p>
          </section>
          <SignInTable
            caption="Recent sign-ins"
            signIns={data.data}
            methodName={(m) => METHODS[m] ?? m}
            maxHeight={480}
          />
        </>
      )}
    </section>
  );
}
