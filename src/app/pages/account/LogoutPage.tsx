/**
 * /logout/ (spec §2, §7): a browser holding the appliance's local login ends it through the logout machine (its
 * `localLogout` actor posts `{authBase}/logout`, which deletes the session and clears its cookies; then session
 * storage is cleared and the returned login page loads). Without a local login, the identity service's logout
 * screen runs the same machine over the identity flow. The choice needs the document's cookies, so the server
 * renders the neutral "Logging out…" frame and the browser decides after hydration.
 */
import { useMachine } from '@xstate/react';
import { useMemo, useSyncExternalStore, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { logoutMachine } from '../../../../machines/logout.machine';
import { createLocalAuthActors } from '../../../identity/localAuth.actors';
import { readCookies } from '../../../lib/storage';
import { useAppSelector } from '../../../store/createStore';
import { LOGIN_PATH } from '../../routing/guards';
import { isLoggedInFromCookies } from '../../routing/session';
import { useServices } from '../../services';
import { AuthLayout } from './AuthLayout';
import { clearSessionStorage, LogoutStatus } from './LogoutStatus';
import { useAccountEffects } from './useAccountEffects';
import { inspect as qaInspect } from '../../../qa/inspect';

const noSubscription = () => () => {};
const localLoginInBrowser = () => isLoggedInFromCookies(readCookies());
/** The server cannot tell which logout applies: null until hydrated. */
const undecided = () => null;

function LocalLogout({ title }: { title: string }) {
  const authBase = useAppSelector((s) => s.config.authBase);
  const { api } = useServices();
  const effects = useAccountEffects();
  const [params] = useSearchParams();
  const machine = useMemo(
    () =>
      logoutMachine.provide({
        actors: { localLogout: createLocalAuthActors(api, { authBase }).localLogout },
        actions: {
          redirect: (_, { to, fullLoad, fallback }) => effects.redirect(to, fullLoad, fallback),
          clearSessionStorage,
          reportError: (_, { error }) => effects.reportError(error),
        },
      }),
    [api, authBase, effects],
  );
  const [snapshot, send] = useMachine(machine, {
    inspect: qaInspect,
    input: { local: true, loginPath: LOGIN_PATH, segue: params.get('segue'), email: params.get('email') },
  });
  return (
    <AuthLayout title={title}>
      <LogoutStatus failed={snapshot.matches('failed')} onRetry={() => send({ type: 'user.retry' })} />
    </AuthLayout>
  );
}

export function LogoutPage({
  title,
  identityLogout,
}: {
  title: string;
  /** The identity service's logout screen, shown when the browser holds no local login. */
  identityLogout: ReactNode;
}) {
  const local = useSyncExternalStore(noSubscription, localLoginInBrowser, undecided);
  if (local === false) return <>{identityLogout}</>;
  if (local === true) return <LocalLogout title={title} />;
  return (
    <AuthLayout title={title}>
      <LogoutStatus failed={false} onRetry={() => undefined} />
    </AuthLayout>
  );
}
