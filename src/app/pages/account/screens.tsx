/**
 * The account screens at /account/{type} (spec §2): the local login, sign-up and recovery. A chunk of their own,
 * apart from the self-service action pages (logout, change password, verified, the identity actions) and the
 * terms: the login page is the first page most visitors load, so it carries only the login screen and the loader of
 * the identity screens (bundle budget, README "Budgets").
 */
import { useParams } from 'react-router';
import { LayoutSlot } from '../../layout/slots';
import type { RouteModule } from '../../routing/types';
import { useLoginTitle } from './AuthLayout';
import { isScreenType, screenLoader, screenTitles } from './actions';
import { IdentityScreenLoader } from './IdentityScreenLoader';
import { LocalLoginScreen } from './LocalLoginScreen';
import { QueryNotices } from './QueryNotices';

function ScreenPage() {
  const { type } = useParams();
  const loginTitle = useLoginTitle();
  if (!isScreenType(type)) return null;
  const title = (type === 'signup' ? loginTitle : null) ?? screenTitles[type];
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
  screen: { Component: ScreenPage, loader: screenLoader },
};
