/** The identity actors and the account effects, as the flow machines' `provide` wants them. */
import { useMemo } from 'react';
import { createIdentityActors, createIdentityApi } from '../../../../identity/client';
import { useAppSelector } from '../../../../store/createStore';
import { useAccountEffects, type AccountEffects } from '../useAccountEffects';

export type IdentityActors = ReturnType<typeof createIdentityActors>;

export function useIdentityActors(override?: IdentityActors): IdentityActors {
  const identityBase = useAppSelector((s) => s.config.identityBase);
  return useMemo(() => {
    if (override) return override;
    const origin = typeof window === 'undefined' ? 'http://localhost' : window.location.origin;
    return createIdentityActors(createIdentityApi(identityBase, origin));
  }, [identityBase, override]);
}

export function flowActions(effects: AccountEffects) {
  return {
    redirect: (_: unknown, { to, fullLoad }: { to: string; fullLoad?: boolean }) =>
      effects.redirect(to, fullLoad),
    notify: (_: unknown, toast: { level: 'success' | 'info' | 'error'; message: string; duration: number }) =>
      effects.notify(toast),
  };
}

export function useFlowImplementations(override?: IdentityActors) {
  const effects = useAccountEffects();
  const actors = useIdentityActors(override);
  return useMemo(
    () => ({
      effects,
      actors,
      flow: {
        actors: { loadFlow: actors.loadFlow, submitFlow: actors.submitFlow },
        actions: flowActions(effects),
      },
    }),
    [effects, actors],
  );
}
