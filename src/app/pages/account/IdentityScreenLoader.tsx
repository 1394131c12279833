/**
 * The identity flow screens carry the identity SDK and the flow machines, so they are a chunk of their own, loaded
 * only when one of those pages is shown (sign-up, recovery and the self-service actions); the local login stays lean.
 */
import { useEffect, useState } from 'react';
import { AuthLayout } from './AuthLayout';
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
