/**
 * A form's rules load with the form, not with its page's first script: the rules module (Yup and the rules of the
 * endpoint's body schema, see contractRules.ts) is a dynamic import, fetched when the form is first focused or
 * opened, or when the browser is idle after hydration. Until it arrives the form checks nothing itself and the
 * appliance's answer is the one error path: its 422 items are shown on the fields (StoreFieldErrors).
 *
 *   // preferencesRules.ts holds `export const preferencesSchema = object({ … })`
 *   const preferencesRules = rulesModule(() => import('./preferencesRules'));
 *
 *   const rules = useRules(preferencesRules);
 *   <Formik validationSchema={rules.module?.preferencesSchema} …>
 *     <Form onFocus={rules.fetch} …>
 */
import { useCallback, useEffect, useState } from 'react';

export interface RulesModule<M> {
  /** Fetches the module once (again after a failed fetch). */
  (): Promise<M>;
  /** The module once it has arrived: a form mounted later has its rules from its first render. */
  readonly loaded: M | undefined;
}

export function rulesModule<M>(load: () => Promise<M>): RulesModule<M> {
  let pending: Promise<M> | undefined;
  let loaded: M | undefined;
  const fetch = () => {
    pending ??= load().then(
      (m) => (loaded = m),
      (e: unknown) => {
        // A failed fetch (the network, a new build) leaves the server to judge; the next focus tries again.
        pending = undefined;
        throw e;
      },
    );
    return pending;
  };
  return Object.defineProperty(fetch, 'loaded', { get: () => loaded }) as RulesModule<M>;
}

/** Fetches when the browser is idle, or soon where it cannot say (no `requestIdleCallback`). */
function whenIdle(run: () => void): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const id = window.requestIdleCallback(run, { timeout: 2000 });
    return () => window.cancelIdleCallback(id);
  }
  const id = window.setTimeout(run, 1);
  return () => window.clearTimeout(id);
}

export interface Rules<M> {
  /** The rules module, or undefined while it loads (the form then leaves checking to the appliance). */
  module: M | undefined;
  /** Fetch now (the form is focused or opened); harmless once fetched. */
  fetch: () => void;
}

/**
 * The rules module of a form, fetched on idle after the form mounts (`open`: at once, for a dialog the user has just
 * opened) or on `fetch`. Server rendering and hydration see none (the same markup either way).
 */
export function useRules<M>(rules: RulesModule<M>, when: 'idle' | 'open' = 'idle'): Rules<M> {
  const [module, setModule] = useState<M | undefined>(() =>
    typeof window === 'undefined' ? undefined : rules.loaded,
  );
  // Once fetched, the module's promise is settled: calling again only hands it over.
  const fetch = useCallback(() => void rules().then(setModule, () => undefined), [rules]);
  useEffect(() => {
    if (module) return;
    if (when === 'open') {
      fetch();
      return;
    }
    return whenIdle(fetch);
  }, [module, when, fetch]);
  return { module, fetch };
}
