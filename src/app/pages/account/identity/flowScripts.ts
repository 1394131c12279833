/**
 * What a flow may make the browser run. The identity service (possibly an external Kratos) names script nodes and
 * trigger functions; the form only loads a script from the console or an allow-listed origin with a Subresource
 * Integrity hash, and only calls a trigger the Kratos contract defines (its `onclickTrigger`/`onloadTrigger` enum).
 */
import { checkRedirect, type RedirectPolicy } from '../../../../identity/redirects';

/** The WebAuthn/passkey triggers of the Kratos contract (uiNodeInputAttributes.onclickTrigger enum). */
export const WEBAUTHN_TRIGGERS = [
  'oryWebAuthnRegistration',
  'oryWebAuthnLogin',
  'oryPasskeyLogin',
  'oryPasskeyLoginAutocompleteInit',
  'oryPasskeyRegistration',
  'oryPasskeySettingsRegistration',
] as const;
export type WebAuthnTrigger = (typeof WEBAUTHN_TRIGGERS)[number];

export function isWebAuthnTrigger(name: unknown): name is WebAuthnTrigger {
  return typeof name === 'string' && (WEBAUTHN_TRIGGERS as readonly string[]).includes(name);
}

/**
 * Calls the named trigger with the button's value when it is one of the contract's triggers and the service's script
 * has defined it; any other name is ignored. Returns whether a trigger ran.
 */
export function runTrigger(name: unknown, value: string): boolean {
  if (!isWebAuthnTrigger(name)) return false;
  const fn: unknown = (window as unknown as Record<string, unknown>)[name];
  if (typeof fn !== 'function') return false;
  (fn as (value: string) => void)(value);
  return true;
}

export interface ScriptAttributes {
  src?: string;
  integrity?: string;
  nonce?: string;
  async?: boolean;
  crossorigin?: string;
  referrerpolicy?: string;
  type?: string;
  id?: string;
}

/** One or more SRI hashes (`sha384-…`), space-separated. */
const INTEGRITY =
  /^(sha256|sha384|sha512)-[A-Za-z0-9+/_-]+={0,2}( +(sha256|sha384|sha512)-[A-Za-z0-9+/_-]+={0,2})*$/;
const SCRIPT_TYPES = new Set(['', 'text/javascript', 'application/javascript', 'module']);
const CROSS_ORIGIN = new Set(['anonymous', 'use-credentials']);

/** The script element's attributes when the node may be loaded, or null. */
export function allowedScript(
  a: ScriptAttributes,
  policy: RedirectPolicy,
): (Required<Pick<ScriptAttributes, 'src' | 'integrity'>> & ScriptAttributes) | null {
  const src = checkRedirect(a.src, policy);
  const integrity = a.integrity?.trim() ?? '';
  if (!src || !INTEGRITY.test(integrity)) return null;
  if (!SCRIPT_TYPES.has(a.type ?? '')) return null;
  return {
    ...a,
    src,
    integrity,
    // SRI on another origin needs CORS; anonymous unless the service asked for credentials.
    crossorigin: CROSS_ORIGIN.has(a.crossorigin ?? '') ? a.crossorigin : 'anonymous',
  };
}
