/** Builders of `ui.nodes` entries in the contract's shape (`ui/node/node.go`, schemas `uiNode*`). */
import type { UiText } from './text';

export type NodeGroup =
  'default' | 'password' | 'oidc' | 'profile' | 'code' | 'totp' | 'lookup_secret' | 'webauthn';

export interface UiNode {
  type: 'input' | 'img' | 'text' | 'a' | 'script';
  group: NodeGroup;
  attributes: Record<string, unknown>;
  messages: UiText[];
  meta: { label?: UiText };
}

export interface InputOptions {
  value?: string;
  /** WebAuthn: the browser function the UI calls when the button is clicked. */
  onclickTrigger?: 'oryWebAuthnRegistration' | 'oryWebAuthnLogin';
  required?: boolean;
  autocomplete?: 'email' | 'current-password' | 'new-password' | 'one-time-code' | 'username';
  pattern?: string;
  maxlength?: number;
}

export function inputNode(
  group: NodeGroup,
  name: string,
  type: string,
  opts: InputOptions = {},
  label?: UiText,
): UiNode {
  const attributes: Record<string, unknown> = { name, type };
  if (opts.value !== undefined) attributes.value = opts.value;
  if (opts.required) attributes.required = true;
  if (opts.autocomplete) attributes.autocomplete = opts.autocomplete;
  if (opts.pattern) attributes.pattern = opts.pattern;
  if (opts.maxlength) attributes.maxlength = opts.maxlength;
  if (opts.onclickTrigger) attributes.onclickTrigger = opts.onclickTrigger;
  attributes.disabled = false;
  attributes.node_type = 'input';
  return { type: 'input', group, attributes, messages: [], meta: label ? { label } : {} };
}

/** The anti-CSRF node is always default/hidden/required (`ui/node/attributes_input_csrf.go`). */
export function csrfNode(token: string): UiNode {
  return inputNode('default', 'csrf_token', 'hidden', { value: token, required: true });
}

export function imageNode(group: NodeGroup, id: string, src: string, size: number, label: UiText): UiNode {
  return {
    type: 'img',
    group,
    attributes: { src, id, width: size, height: size, node_type: 'img' },
    messages: [],
    meta: { label },
  };
}

export function textNode(group: NodeGroup, id: string, text: UiText, label: UiText): UiNode {
  return { type: 'text', group, attributes: { text, id, node_type: 'text' }, messages: [], meta: { label } };
}

export function anchorNode(group: NodeGroup, id: string, href: string, title: UiText): UiNode {
  return {
    type: 'a',
    group,
    attributes: { href, title, id, node_type: 'a' },
    messages: [],
    meta: { label: title },
  };
}

export function scriptNode(
  group: NodeGroup,
  id: string,
  src: string,
  integrity: string,
  nonce: string,
): UiNode {
  return {
    type: 'script',
    group,
    attributes: {
      src,
      async: true,
      referrerpolicy: 'no-referrer',
      crossorigin: 'anonymous',
      integrity,
      type: 'text/javascript',
      id,
      nonce,
      node_type: 'script',
    },
    messages: [],
    meta: {},
  };
}

/** Puts the flow's echoed values and field messages on the nodes they belong to (never onto password fields). */
export function decorate(
  nodes: UiNode[],
  values: Record<string, string>,
  fieldMessages: Record<string, UiText[]>,
): UiNode[] {
  for (const node of nodes) {
    if (node.type !== 'input') continue;
    const name = String(node.attributes.name);
    const type = node.attributes.type;
    if (
      type !== 'password' &&
      type !== 'submit' &&
      type !== 'hidden' &&
      values[name] !== undefined &&
      !node.attributes.value
    ) {
      node.attributes.value = values[name];
    }
    const msgs = fieldMessages[name];
    if (msgs && type !== 'submit' && type !== 'hidden') node.messages = [...msgs];
  }
  return nodes;
}
