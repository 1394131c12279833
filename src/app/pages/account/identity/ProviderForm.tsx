/**
 * Provider sign-in leaves the console: it is a plain form post to the flow's action (spec §7 "the flow action plus
 * provider"), so the identity service itself sends the browser on to the provider.
 */
import { csrfToken, nodeLabel, type IdentityFlow, type InputNode } from '../../../../identity/flow';
import { providerName } from '../../../../shared/providers';
import { GROUP_TITLES } from './flowFormHelpers';

export function ProviderForm({
  flow,
  action,
  providers,
  busy,
}: {
  flow: IdentityFlow;
  /** The flow's action, already checked against the redirect policy. */
  action: string;
  providers: readonly InputNode[];
  busy: boolean;
}) {
  return (
    <form className="auth__providers" action={action} method="POST" aria-label={GROUP_TITLES.oidc}>
      <input type="hidden" name="csrf_token" value={csrfToken(flow.ui) ?? ''} readOnly />
      {providers.map((n, i) => {
        const value = String(n.attributes.value ?? '');
        return (
          <button
            key={i}
            type="submit"
            name={n.attributes.name}
            value={value}
            className="button auth__provider"
            data-provider={value}
            disabled={busy || n.attributes.disabled}
          >
            {n.meta?.label ? nodeLabel(n) : `Log in with ${providerName(value)}`}
          </button>
        );
      })}
    </form>
  );
}
