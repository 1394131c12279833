/**
 * Identity flow helpers: the flow shapes of the identity API (the SDK's own types), form values read from and
 * written to a flow's nodes, and the classification of failures (spec §4 flow form, §8 identity flow failure).
 * Pure: no fetch, so machines and tests use them directly.
 */
import type { UiContainer, UiNode, UiNodeInputAttributes, UiText } from '@ory/client-fetch';
import { identityText, type IdentityErrorDetail } from './messages';
import { IDENTITY_TOAST_MS } from './toasts';

export type FlowKind = 'login' | 'registration' | 'recovery' | 'verification' | 'settings';

/** The part of any self-service flow the screens read (login, registration, recovery, verification, settings). */
export interface IdentityFlow {
  id: string;
  ui: UiContainer;
  state?: string | null;
  return_to?: string;
  identity?: {
    traits?: Record<string, unknown>;
    verifiable_addresses?: Array<{ value: string; verified: boolean; via: string }>;
  };
  continue_with?: Array<{
    action: string;
    flow?: { id?: string; url?: string; verifiable_address?: string };
  }>;
}

/** What a successful submission that ends the flow returned (login and registration). */
export interface FlowCompletion {
  session?: { id?: string } | null;
  identity?: IdentityFlow['identity'];
  continue_with?: IdentityFlow['continue_with'];
}

export type SubmitResult =
  { type: 'flow'; flow: IdentityFlow } | { type: 'complete'; completion: FlowCompletion };

export type FormValues = Record<string, string | boolean>;

/** What the flow machines hand their provided actors: load (by id or fresh) and submit. */
export type LoadFlowInput = { kind: FlowKind; flowId?: string; returnTo?: string; token?: string };
export type SubmitFlowInput = { kind: FlowKind; flow: IdentityFlow; values: FormValues };

/** An error of the identity API as the actors report it: HTTP status (0 = no response) and the JSON body. */
export interface IdentityApiError {
  status: number;
  body: unknown;
}
export const isIdentityApiError = (e: unknown): e is IdentityApiError =>
  Boolean(e) &&
  typeof e === 'object' &&
  typeof (e as IdentityApiError).status === 'number' &&
  'body' in (e as object);

export type InputNode = UiNode & { attributes: UiNodeInputAttributes & { node_type: 'input' } };
export const isInputNode = (n: UiNode): n is InputNode => n.attributes.node_type === 'input';

export const nodeLabel = (n: UiNode): string => {
  const label = n.meta?.label ?? (isInputNode(n) ? n.attributes.label : undefined);
  return label ? identityText(label) : isInputNode(n) ? n.attributes.name : '';
};

/** Initial Formik values from a flow's input nodes (buttons and submits are sent only when clicked). */
export function initialValues(nodes: readonly UiNode[]): FormValues {
  const values: FormValues = {};
  for (const n of nodes) {
    if (!isInputNode(n)) continue;
    const { name, type, value } = n.attributes;
    if (type === 'submit' || type === 'button') continue;
    if (type === 'checkbox') values[name] = value === true || value === 'true';
    else if (!(name in values) || value !== undefined)
      values[name] = value === undefined || value === null ? '' : String(value);
  }
  return values;
}

export const csrfToken = (ui: UiContainer): string | undefined => {
  const node = ui.nodes.find((n) => isInputNode(n) && n.attributes.name === 'csrf_token');
  return node && isInputNode(node) && typeof node.attributes.value === 'string'
    ? node.attributes.value
    : undefined;
};

export const hasInput = (ui: UiContainer, name: string) =>
  ui.nodes.some((n) => isInputNode(n) && n.attributes.name === name);

/**
 * The request body (spec §7): field names from the nodes plus the clicked submit's name and value; dotted names
 * (`traits.email`) become nested objects. `traits.newsletter` is sent as false when the flow has that checkbox
 * and the value is missing (an unchecked box is not part of a plain form post).
 */
export function buildBody(
  ui: UiContainer,
  values: FormValues,
  submitter?: { name: string; value: string },
): Record<string, unknown> {
  const flat: Record<string, unknown> = { ...values };
  if (submitter) flat[submitter.name] = submitter.value;
  if (hasInput(ui, 'traits.newsletter') && flat['traits.newsletter'] === undefined)
    flat['traits.newsletter'] = false;
  if (flat.csrf_token === undefined) {
    const token = csrfToken(ui);
    if (token) flat.csrf_token = token;
  }
  const body: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(flat)) {
    const parts = key.split('.');
    if (parts.some((p) => p === '__proto__' || p === 'constructor' || p === 'prototype')) continue;
    let target = body;
    for (const p of parts.slice(0, -1)) {
      if (typeof target[p] !== 'object' || target[p] === null) target[p] = {};
      target = target[p] as Record<string, unknown>;
    }
    target[parts[parts.length - 1]] = value;
  }
  return body;
}

/** Flow-level and node-level error messages, in the console's wording. */
export function flowErrors(ui: UiContainer): string[] {
  const all: UiText[] = [...(ui.messages ?? []), ...ui.nodes.flatMap((n) => n.messages ?? [])];
  return all.filter((m) => m.type === 'error').map(identityText);
}

export const groupsOf = (ui: UiContainer): string[] => [...new Set(ui.nodes.map((n) => n.group))];

/** What to do about a failed identity call (spec §4 flow form, §8 identity flow failure). */
export type FlowFailure =
  | { type: 'redirect'; to: string }
  | { type: 'flow'; flow: IdentityFlow }
  | { type: 'restart'; flowId?: string; message: string }
  | { type: 'failed'; message: string; duration: number; id?: string };

export { IDENTITY_TOAST_MS };

export const SIGNUP_CLOSED = 'Sign-up is closed: new accounts are not created here.';

interface ErrorBody {
  error?: { id?: string; reason?: string; message?: string; details?: { redirect_to?: string } };
  redirect_browser_to?: string;
  use_flow_id?: string;
  ui?: UiContainer;
  id?: string;
}

/**
 * Classifies a failure. `session_already_available` → `/`; `session_inactive` → `/login/` while logging out, else
 * `/logout/`; AAL2/refresh/location-change → the given address; an expired flow restarts with the replacement
 * flow; a body that is a flow (validation errors) goes back to the form; everything else is a failure whose
 * message is the first ui message, else the reason (8 s), else a generic text.
 */
export function classifyFailure(error: unknown, kind: FlowKind | 'logout'): FlowFailure {
  if (!isIdentityApiError(error)) {
    return {
      type: 'failed',
      message: 'Something went wrong. Please try again.',
      duration: IDENTITY_TOAST_MS.error,
    };
  }
  if (error.status === 0) {
    return {
      type: 'failed',
      message: 'The identity service could not be reached. Please try again later.',
      duration: IDENTITY_TOAST_MS.error,
    };
  }
  const body = (error.body && typeof error.body === 'object' ? error.body : {}) as ErrorBody;
  if (body.ui && typeof body.id === 'string') return { type: 'flow', flow: body as IdentityFlow };
  const id = body.error?.id;
  switch (id) {
    case 'session_already_available':
      return { type: 'redirect', to: '/' };
    case 'session_inactive':
      return { type: 'redirect', to: kind === 'logout' ? '/login/' : '/logout/' };
    case 'session_aal2_required':
    case 'session_refresh_required':
    case 'browser_location_change_required':
      if (body.redirect_browser_to) return { type: 'redirect', to: body.redirect_browser_to };
      break;
    case 'self_service_flow_expired':
      return { type: 'restart', flowId: body.use_flow_id, message: 'The form expired. Please try again.' };
    case 'self_service_flow_disabled':
      // Sign-up is closed: the screen says so instead of a form (no retry helps).
      return { type: 'failed', message: SIGNUP_CLOSED, duration: IDENTITY_TOAST_MS.error, id };
    case 'security_csrf_violation':
      return {
        type: 'restart',
        message: 'Your session changed in another tab. The form was reloaded; please try again.',
      };
  }
  if (body.error?.reason)
    return { type: 'failed', message: body.error.reason, duration: IDENTITY_TOAST_MS.reason };
  if (body.error?.message)
    return { type: 'failed', message: body.error.message, duration: IDENTITY_TOAST_MS.error };
  if (error.status === 404)
    return { type: 'restart', message: 'This form no longer exists. A new one was started.' };
  return {
    type: 'failed',
    message: `The identity service answered with an error (${error.status}).`,
    duration: IDENTITY_TOAST_MS.error,
  };
}

/** The first message of a flow returned on failure is shown as an error toast (§8). */
export function firstMessage(flow: IdentityFlow): string | null {
  const m = flow.ui.messages?.[0];
  return m ? identityText(m) : null;
}

/** Where a completed login or registration goes: a continue-with redirect, the flow's return_to, the page's, or `/`. */
export function completionTarget(
  completion: FlowCompletion | null,
  flow: IdentityFlow | null,
  returnTo: string | undefined,
): string {
  const redirect = completion?.continue_with?.find((c) => c.action === 'redirect_browser_to') as
    { redirect_browser_to?: string } | undefined;
  return redirect?.redirect_browser_to || flow?.return_to || returnTo || '/';
}

const inputNamed = (ui: UiContainer | undefined, name: string) => Boolean(ui && hasInput(ui, name));

/** True when no second factor (authenticator app or security key) is enrolled in this settings flow yet. */
export function hasNoSecondFactor(ui: UiContainer | undefined): boolean {
  if (!ui) return true;
  return (
    !inputNamed(ui, 'totp_unlink') &&
    !ui.nodes.some((n) => isInputNode(n) && n.attributes.name === 'webauthn_remove')
  );
}

/**
 * Offer backup recovery codes once the first second factor is enrolled: the flow before had none, the flow now has
 * one, and recovery codes can be generated but none exist yet.
 */
export function shouldOfferRecoveryCodes(
  before: UiContainer | undefined,
  after: UiContainer | undefined,
): boolean {
  if (!after || !hasNoSecondFactor(before) || hasNoSecondFactor(after)) return false;
  return (
    inputNamed(after, 'lookup_secret_regenerate') &&
    !inputNamed(after, 'lookup_secret_disable') &&
    !inputNamed(after, 'lookup_secret_reveal')
  );
}

/** `GET {identity}/self-service/errors?id=` as the identity SDK returns it (flowError). */
export interface FlowErrorContainer {
  id: string;
  error?: IdentityErrorDetail;
  created_at?: string;
}

/** The failure of the given kind; only where a guard established that kind (`failureIs`). */
const isFailureOf = <T extends FlowFailure['type']>(
  failure: FlowFailure | null,
  type: T,
): failure is Extract<FlowFailure, { type: T }> => failure?.type === type;

export function failureOf<T extends FlowFailure['type']>(
  failure: FlowFailure | null,
  type: T,
): Extract<FlowFailure, { type: T }> {
  if (!isFailureOf(failure, type)) throw new Error(`expected a ${type} failure`);
  return failure;
}
