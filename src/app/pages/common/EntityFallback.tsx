/**
 * What a detail page shows while it has no entity to show (see useEntity): the 404 naming the path for an id the
 * appliance does not know, a clear error (with "Try again") when the load failed otherwise, else the page's loading
 * state.
 */
import type { ReactNode } from 'react';
import { EntityNotFound } from './EntityNotFound';
import type { EntityView } from './useEntity';

/** Why the load failed, in the user's words. */
function reasonOf(status: number | undefined): string {
  if (status === undefined) return 'the appliance could not be reached.';
  if (status === 401) return 'your session has ended.';
  if (status === 403) return 'you may not see it.';
  return `the appliance answered with an error (HTTP ${status}).`;
}

export function EntityFallback({
  entity,
  label,
  what,
  loading,
}: {
  entity: Pick<EntityView<unknown>, 'unknown' | 'failure' | 'reload'>;
  /** Names the page's region, as the loaded page does (e.g. "Certificate"). */
  label: string;
  /** The entity in a sentence, e.g. "the certificate". */
  what: string;
  /** The page while its entity loads (by default it says so in the page's region). */
  loading?: ReactNode;
}) {
  if (entity.unknown) return <EntityNotFound />;
  if (!entity.failure)
    return (
      loading ?? (
        <section className="page config-page" aria-label={label} aria-busy="true">
          <p>Loading {what}…</p>
        </section>
      )
    );
  return (
    <section className="page config-page" aria-label={label}>
      <p role="alert">{`${what[0].toUpperCase()}${what.slice(1)} could not be loaded: ${reasonOf(entity.failure.status)}`}</p>
      <p>
        <button type="button" className="button" onClick={entity.reload}>
          Try again
        </button>
      </p>
    </section>
  );
}
