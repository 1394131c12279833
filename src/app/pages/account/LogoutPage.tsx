/**
 * /logout/ (spec §2, §7): a browser holding the appliance's local login ends it with `POST {authBase}/logout`
 * (which deletes the session and clears its cookies), clears session storage and goes to the returned login page.
 * Without a local login, the identity service's logout flow runs instead. The choice needs the document's cookies,
 * so the server renders the neutral "Logging out…" frame and the browser decides after hydration.
 */
import { useEffect, useMemo, useState, useSyncExternalStore, type ReactNode } from 'react';
import { createBrowserApiClient, type ApiClient } from '../../../api/client';
import { genericErrorMessage } from '../../../identity/localAuth';
import { checkRedirect } from '../../../identity/redirects';
import { useAppSelector } from '../../../store/createStore';
import { LOGIN_PATH } from '../../routing/guards';
import { isLoggedInFromCookies } from '../../routing/session';
import { AuthLayout } from './AuthLayout';
import { useAccountEffects } from './useAccountEffects';

const noSubscription = () => () => {};
const localLoginInBrowser = () => isLoggedInFromCookies(document.cookie);
/** The server cannot tell which logout applies: null until hydrated. */
const undecided = () => null;

const join = (base: string, path: string) => base.replace(/\/+$/, '') + '/' + path.replace(/^\/+/, '');

export function LogoutPage({
  title,
  api,
  identityLogout,
}: {
  title: string;
  api?: ApiClient;
  /** The identity service's logout screen, shown when the browser holds no local login. */
  identityLogout: ReactNode;
}) {
  const authBase = useAppSelector((s) => s.config.authBase);
  const effects = useAccountEffects();
  const client = useMemo(
    () => api ?? (typeof window === 'undefined' ? null : createBrowserApiClient()),
    [api],
  );
  const local = useSyncExternalStore(noSubscription, localLoginInBrowser, undecided);
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (!client || local !== true) return;
    let live = true;
    client.post(join(authBase, 'logout'), new URLSearchParams(), { retries: 0, credentials: 'include' }).then(
      (res) => {
        if (!live) return;
        try {
          window.sessionStorage.clear();
        } catch {
          // Storage may be unavailable (privacy mode); nothing to clear then.
        }
        const uri = (res.data as { data?: { redirect_uri?: unknown } } | undefined)?.data?.redirect_uri;
        const target = typeof uri === 'string' ? checkRedirect(uri, effects.policy) : null;
        // A full page load, so the server renders the logged-out console.
        effects.redirect(target ?? LOGIN_PATH, true);
      },
      (error: unknown) => {
        if (!live) return;
        setFailed(true);
        effects.notify({ level: 'error', message: genericErrorMessage(error), duration: 4000 });
      },
    );
    return () => {
      live = false;
    };
  }, [client, authBase, effects, attempt, local]);

  if (local === false) return <>{identityLogout}</>;
  return (
    <AuthLayout title={title}>
      {failed ? (
        <div className="auth__failed">
          <p role="alert">Logging out failed.</p>
          <button
            type="button"
            className="button button--primary"
            onClick={() => {
              setFailed(false);
              setAttempt((n) => n + 1);
            }}
          >
            Try again
          </button>
        </div>
      ) : (
        <p role="status">Logging out…</p>
      )}
    </AuthLayout>
  );
}
