/**
 * `/settings/` opened with a console session: the identity service's account settings know nothing of console
 * accounts (its settings flow answers 401, and following that would sign the console out). The page says where a
 * console account's password, two-factor and sessions are instead, and keeps the session.
 */
import { useAppSelector } from '../../../store/createStore';
import { AuthLayout } from './AuthLayout';

export const CONSOLE_SETTINGS_TITLE = 'Your console account';

export function ConsoleAccountSettings() {
  const user = useAppSelector((s) => s.session.user);
  return (
    <AuthLayout title={CONSOLE_SETTINGS_TITLE}>
      <div className="auth__form">
        <p className="auth__alert auth__alert--info" role="status">
          You are signed in to the console{user ? ` as ${user.username}` : ''}. The password and two-factor
          for console accounts are under &ldquo;Your account&rdquo;, not in these identity service settings.
        </p>
        <ul className="auth__link-list">
          <li>
            <a href="/profile#security">Your account: password and two-factor</a>
          </li>
          <li>
            <a href="/profile#sessions">Your account: sessions</a>
          </li>
          <li>
            <a href="/">Back to the console</a>
          </li>
        </ul>
      </div>
    </AuthLayout>
  );
}
