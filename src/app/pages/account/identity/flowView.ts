/**
 * What the screens change in a flow before the generic form shows it (spec §2, §5): the recovery screen's button
 * says Recover; `skip_send` shows the code prompt even when no code was sent in this flow yet; a security key
 * is named "My security key" unless the user names it. Pure: the flow the machine holds is left as it is.
 */
import type { UiNode, UiText } from '@ory/client-fetch';
import { hasInput, isInputNode, type IdentityFlow } from '../../../../identity/flow';
import { DEFAULT_SECURITY_KEY_NAME, SECURITY_KEY_NAME_FIELD } from '../../../../shared/securityKeys';

const label = (text: string): UiText => ({ id: 0, text, type: 'info' });

const withNodes = (flow: IdentityFlow, nodes: UiNode[]): IdentityFlow => ({
  ...flow,
  ui: { ...flow.ui, nodes },
});

/** Recovery (§2 "one field, Recover button"): the address step's submit reads Recover. */
export function recoverButton(flow: IdentityFlow): IdentityFlow {
  if (flow.state === 'sent_email' || hasInput(flow.ui, 'code')) return flow;
  return withNodes(
    flow,
    flow.ui.nodes.map((n) =>
      isInputNode(n) && n.attributes.type === 'submit' && n.attributes.name === 'method'
        ? { ...n, meta: { ...n.meta, label: label('Recover') } }
        : n,
    ),
  );
}

/** The code input of a verification flow (label id 1070011 "Verification code"). */
const codeNode = (): UiNode => ({
  type: 'input',
  group: 'code',
  attributes: {
    node_type: 'input',
    name: 'code',
    type: 'text',
    required: true,
    disabled: false,
    autocomplete: 'one-time-code',
  },
  messages: [],
  meta: { label: { id: 1070011, text: 'Verification code', type: 'info' } },
});

/** Verification with skip_send (§2): the code prompt is shown whatever state the flow is in. */
export function codePrompt(flow: IdentityFlow): IdentityFlow {
  if (hasInput(flow.ui, 'code')) return flow;
  const nodes = [...flow.ui.nodes];
  const submit = nodes.findIndex((n) => isInputNode(n) && n.attributes.type === 'submit');
  nodes.splice(submit < 0 ? nodes.length : submit, 0, codeNode());
  return withNodes(flow, nodes);
}

/** Settings (§5): the security-key name field starts as "My security key". */
export function defaultSecurityKeyName(flow: IdentityFlow): IdentityFlow {
  if (!hasInput(flow.ui, SECURITY_KEY_NAME_FIELD)) return flow;
  return withNodes(
    flow,
    flow.ui.nodes.map((n) =>
      isInputNode(n) && n.attributes.name === SECURITY_KEY_NAME_FIELD && !n.attributes.value
        ? { ...n, attributes: { ...n.attributes, value: DEFAULT_SECURITY_KEY_NAME } }
        : n,
    ),
  );
}
