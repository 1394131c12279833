/**
 * The account area (spec §2): the self-service action pages at /{action} and the terms. The local login, sign-up
 * and recovery screens at /account/{type} are a chunk of their own (screens.tsx) so the login page does not load
 * the action pages (the logout machine and the flow helpers, change password); the identity flow screens carry the
 * identity SDK and are loaded only when one of those pages is shown (IdentityScreenLoader).
 */
import { useParams } from 'react-router';
import { useAppSelector } from '../../../store/createStore';
import { LayoutSlot } from '../../layout/slots';
import type { RouteModule } from '../../routing/types';
import { useLoginTitle } from './AuthLayout';
import { actionLoader, actionTitles, isAuthAction, type AuthAction } from './actions';
import { ChangePasswordScreen } from './ChangePasswordScreen';
import { ConsoleAccountSettings } from './ConsoleAccountSettings';
import { LogoutPage } from './LogoutPage';
import { QueryNotices } from './QueryNotices';
import { TermsPage } from './TermsPage';
import { VerifiedScreen } from './VerifiedScreen';
import { IdentityScreenLoader } from './IdentityScreenLoader';
import type { IdentityAction } from './identity/IdentityScreens';

const identityActionOf: Partial<Record<AuthAction, IdentityAction>> = {
  login: 'login',
  signup: 'signup',
  recovery: 'recovery',
  verification: 'verification',
  settings: 'settings',
  logout: 'logout',
  error: 'error',
};

function ActionPage() {
  const { action } = useParams();
  const local = useAppSelector((s) => s.config.localAuth);
  // A console session (the appliance's login cookies): the identity service's settings are not this account's.
  const consoleSession = useAppSelector((s) => s.session.loggedIn);
  const loginTitle = useLoginTitle();
  if (!isAuthAction(action)) return null;
  const t = actionTitles[action];
  const title =
    (action === 'login' || action === 'signup' ? loginTitle : null) ?? (local ? t.local : t.title);
  const identity = identityActionOf[action];
  return (
    <>
      <QueryNotices />
      {/* The account pages sit outside the core layout; their notices and error toasts need the center too. */}
      <LayoutSlot name="notifications" />
      {action === 'change-password' ? (
        <ChangePasswordScreen title={title} />
      ) : action === 'settings' && consoleSession ? (
        <ConsoleAccountSettings />
      ) : action === 'verified' ? (
        <VerifiedScreen title={title} />
      ) : action === 'logout' ? (
        <LogoutPage
          title={title}
          identityLogout={<IdentityScreenLoader key="logout" action="logout" title={title} />}
        />
      ) : identity ? (
        <IdentityScreenLoader key={identity} action={identity} title={title} />
      ) : null}
    </>
  );
}

export const routes: Record<string, RouteModule> = {
  action: { Component: ActionPage, loader: actionLoader },
  terms: { Component: TermsPage, handle: { title: 'Terms of use' } },
};
