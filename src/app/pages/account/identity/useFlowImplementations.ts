/** The identity actors and the account effects, as the flow machines' `provide` wants them. */
import { useMemo } from 'react';
import { identityActorsFor, type IdentityActors } from '../../../../identity/client';
import { useAppSelector } from '../../../../store/createStore';
import { useServices } from '../../../services';
import { useAccountEffects, type AccountEffects } from '../useAccountEffects';

export type { IdentityActors };

/** The app's one identity client (from the services), unless a test or story passes actors of its own. */
export function useIdentityActors(override?: IdentityActors): IdentityActors {
  const identityBase = useAppSelector((s) => s.config.identityBase);
  const services = useServices();
  return useMemo(
    () => override ?? identityActorsFor(services, identityBase),
    [identityBase, override, services],
  );
}

export function flowActions(effects: AccountEffects) {
  return {
    redirect: (
      _: unknown,
      { to, fullLoad, fallback }: { to: string; fullLoad?: boolean; fallback?: string },
    ) => effects.redirect(to, fullLoad, fallback),
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
