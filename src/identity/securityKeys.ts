/**
 * The browser half of the console's security keys (WebAuthn): the options the appliance answers are JSON with
 * base64url strings where the browser wants bytes, and the credential the browser gives back holds bytes the
 * appliance wants as base64url JSON. `navigator.credentials.create/get` run here; what goes wrong in the browser
 * becomes a `SecurityKeyPromptError` whose message a screen can show as is.
 */

import type { SecurityKeyRegistration, SecurityKeyStep } from '../shared/contracts/authentication';

/** The second step of a login whose password was right (the 401 code 3 carries it): the contract's `securityKeyStep`. */
export type { SecurityKeyStep };

/** Something the browser or the key refused; the message reads as the user's next step. */
export class SecurityKeyPromptError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SecurityKeyPromptError';
  }
}

export const securityKeyMessages = {
  cancelled: 'The security key prompt was cancelled or timed out. Try again when your key is ready.',
  unsupported: 'This browser does not support security keys.',
  notAllowedHere:
    'This browser does not allow security keys at this address. Open the console by its host name (not an IP address).',
  alreadyRegistered: 'This security key is already registered for your account.',
  noAlgorithm: 'This security key supports none of the key types the console accepts.',
  failed: 'The security key could not be used. Please try again.',
} as const;

const toBytes = (value: unknown): Uint8Array<ArrayBuffer> => {
  const s = String(value).replace(/-/g, '+').replace(/_/g, '/');
  const bin = atob(s + '='.repeat((4 - (s.length % 4)) % 4));
  const out = new Uint8Array(bin.length);
  for (let i = 0; i < bin.length; i++) out[i] = bin.charCodeAt(i);
  return out;
};

const toBase64url = (buffer: ArrayBuffer | null | undefined): string => {
  if (!buffer) return '';
  const bytes = new Uint8Array(buffer);
  let bin = '';
  for (const b of bytes) bin += String.fromCharCode(b);
  return btoa(bin).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
};

type Descriptor = { type: 'public-key'; id: string; transports?: AuthenticatorTransport[] };
const descriptors = (list: unknown): PublicKeyCredentialDescriptor[] =>
  (Array.isArray(list) ? (list as Descriptor[]) : []).map((c) => ({
    type: 'public-key',
    id: toBytes(c.id),
    ...(c.transports ? { transports: c.transports } : {}),
  }));

/** What a DOMException of the ceremony means to the user. */
export function promptError(e: unknown, registering = false): SecurityKeyPromptError {
  if (e instanceof SecurityKeyPromptError) return e;
  const name = e && typeof e === 'object' ? (e as { name?: unknown }).name : undefined;
  switch (name) {
    case 'NotAllowedError':
    case 'AbortError':
      return new SecurityKeyPromptError(securityKeyMessages.cancelled);
    case 'InvalidStateError':
      return new SecurityKeyPromptError(
        registering ? securityKeyMessages.alreadyRegistered : securityKeyMessages.failed,
      );
    case 'SecurityError':
      return new SecurityKeyPromptError(securityKeyMessages.notAllowedHere);
    case 'NotSupportedError':
      return new SecurityKeyPromptError(securityKeyMessages.noAlgorithm);
    default:
      return new SecurityKeyPromptError(securityKeyMessages.failed);
  }
}

function credentialsApi(): CredentialsContainer {
  if (typeof window === 'undefined' || !window.PublicKeyCredential || !navigator.credentials)
    throw new SecurityKeyPromptError(securityKeyMessages.unsupported);
  return navigator.credentials;
}

/** `navigator.credentials.create()` with the appliance's options (`startSecurityKeyRegistration`'s); answers the credential as the appliance reads it. */
export async function createSecurityKey(
  publicKey: SecurityKeyRegistration['publicKey'],
): Promise<Record<string, unknown>> {
  const api = credentialsApi();
  const { user } = publicKey;
  let credential: Credential | null;
  try {
    credential = await api.create({
      publicKey: {
        ...(publicKey as unknown as PublicKeyCredentialCreationOptions),
        challenge: toBytes(publicKey.challenge),
        user: { ...user, id: toBytes(user.id) },
        excludeCredentials: descriptors(publicKey.excludeCredentials),
      },
    });
  } catch (e) {
    throw promptError(e, true);
  }
  const c = credential as PublicKeyCredential | null;
  if (!c) throw new SecurityKeyPromptError(securityKeyMessages.cancelled);
  const response = c.response as AuthenticatorAttestationResponse;
  return {
    id: c.id,
    rawId: toBase64url(c.rawId),
    type: c.type,
    response: {
      clientDataJSON: toBase64url(response.clientDataJSON),
      attestationObject: toBase64url(response.attestationObject),
    },
  };
}

/** `navigator.credentials.get()` with the login step's options; answers the assertion as the appliance reads it. */
export async function getSecurityKey(
  publicKey: SecurityKeyStep['publicKey'],
): Promise<Record<string, unknown>> {
  const api = credentialsApi();
  let credential: Credential | null;
  try {
    credential = await api.get({
      publicKey: {
        ...(publicKey as unknown as PublicKeyCredentialRequestOptions),
        challenge: toBytes(publicKey.challenge),
        allowCredentials: descriptors(publicKey.allowCredentials),
      },
    });
  } catch (e) {
    throw promptError(e);
  }
  const c = credential as PublicKeyCredential | null;
  if (!c) throw new SecurityKeyPromptError(securityKeyMessages.cancelled);
  const response = c.response as AuthenticatorAssertionResponse;
  return {
    id: c.id,
    rawId: toBase64url(c.rawId),
    type: c.type,
    response: {
      clientDataJSON: toBase64url(response.clientDataJSON),
      authenticatorData: toBase64url(response.authenticatorData),
      signature: toBase64url(response.signature),
      userHandle: toBase64url(response.userHandle),
    },
  };
}
