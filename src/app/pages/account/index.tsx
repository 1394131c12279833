/**
 * The account area (spec §2): the local login, sign-up and recovery screens at /account/{type}, the
 * self-service action pages at /{action}, and the terms. The identity flow screens carry the identity SDK, so
 * they are a chunk of their own, loaded only when one of those pages is shown; the local login stays lean.
 */
import { useEffect, useState } from 'react';
import { useParams } from 'react-router';
import { useAppSelector } from '../../../store/createStore';
import { LayoutSlot } from '../../layout/slots';
import type { RouteModule } from '../../routing/types';
import {
  actionLoader,
  actionTitles,
  isAuthAction,
  isScreenType,
  screenLoader,
  screenTitles,
  type AuthAction,
} from './actions';
import { AuthLayout } from './AuthLayout';
import { ChangePasswordScreen } from './ChangePasswordScreen';
import { LocalLoginScreen } from './LocalLoginScreen';
import { LogoutPage } from './LogoutPage';
import { QueryNotices } from './QueryNotices';
import { TermsPage } from './TermsPage';
import { VerifiedScreen } from './VerifiedScreen';
import type { IdentityAction } from './identity/IdentityScreens';

type IdentityModule = typeof import('./identity/IdentityScreens');
const loadIdentityScreens = () =>
  import(/* webpackChunkName: "account-identity" */ './identity/IdentityScreens');

/** Renders an identity flow screen once its chunk is loaded; the server renders the loading frame. */
export function IdentityScreenLoader({ action, title }: { action: IdentityAction; title: string }) {
  const [mod, setMod] = useState<IdentityModule | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let live = true;
    loadIdentityScreens().then(
      (m) => live && setMod(m),
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, []);
  if (mod) {
    const Screen = mod.identityScreens[action];
    return <Screen title={title} />;
  }
  return (
    <AuthLayout title={title}>
      {failed ? (
        <div className="auth__failed">
          <p role="alert">This page could not be loaded.</p>
          <button type="button" className="button button--primary" onClick={() => window.location.reload()}>
            Reload
          </button>
        </div>
      ) : (
        <p role="status">Loading…</p>
      )}
    </AuthLayout>
  );
}

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
  if (!isAuthAction(action)) return null;
  const t = actionTitles[action];
  const title = local ? t.local : t.title;
  const identity = identityActionOf[action];
  return (
    <>
      <QueryNotices />
      {/* The account pages sit outside the core layout; their notices and error toasts need the center too. */}
      <LayoutSlot name="notifications" />
      {action === 'change-password' ? (
        <ChangePasswordScreen title={title} />
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

function ScreenPage() {
  const { type } = useParams();
  if (!isScreenType(type)) return null;
  const title = screenTitles[type];
  return (
    <>
      <QueryNotices />
      {/* The account pages sit outside the core layout; their notices and error toasts need the center too. */}
      <LayoutSlot name="notifications" />
      {type === 'login' ? (
        <LocalLoginScreen title={title} />
      ) : (
        <IdentityScreenLoader key={type} action={type === 'signup' ? 'signup' : 'recovery'} title={title} />
      )}
    </>
  );
}

export const routes: Record<string, RouteModule> = {
  action: { Component: ActionPage, loader: actionLoader },
  screen: { Component: ScreenPage, loader: screenLoader },
  terms: { Component: TermsPage, handle: { title: 'Terms of use' } },
};
