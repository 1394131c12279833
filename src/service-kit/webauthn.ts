/**
 * WebAuthn security keys as a second factor, for both services (the identity service's Kratos-shaped flows and the
 * console's local accounts, src/appliance/users/securityKeys.ts): the creation and request options, and the checks
 * of a registration (§7.1) and an assertion (§7.2). The checks themselves are @simplewebauthn/server's
 * (challenge, origin, RP ID, user presence, attestation statement — none, packed, fido-u2f and the others it knows —,
 * signature, counter); this module only adapts the Kratos field values to it and its results to what is stored.
 */
import {
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server';
import { COSEALG, cose, decodeCredentialPublicKey } from '@simplewebauthn/server/helpers';

export class WebAuthnError extends Error {}

/** COSE algorithms offered (ES256, EdDSA, RS256) — what security keys and platform authenticators use. */
const ALGORITHMS = [COSEALG.ES256, COSEALG.EdDSA, COSEALG.RS256];
export const CEREMONY_TIMEOUT_MS = 60_000;

export interface StoredWebAuthnCredential {
  /** base64url credential id */
  id: string;
  /** base64url COSE_Key, as the authenticator gave it (storage format 2; format 1 kept a JWK, see schema.ts) */
  public_key: string;
  alg: number;
  sign_count: number;
  display_name: string;
  added_at: string;
}

/** RP IDs must be domain names; browsers refuse WebAuthn on IP-address origins. */
export function rpIdFor(origin: string): string | null {
  const host = new URL(origin).hostname;
  if (/^\d+\.\d+\.\d+\.\d+$/.test(host) || host.includes(':') || host.startsWith('[')) return null;
  return host;
}

export function creationOptions(p: {
  challenge: string;
  rpId: string;
  rpName: string;
  userHandle: string;
  userName: string;
  exclude: string[];
}): Record<string, unknown> {
  return {
    publicKey: {
      challenge: p.challenge,
      rp: { id: p.rpId, name: p.rpName },
      user: { id: p.userHandle, name: p.userName, displayName: p.userName },
      pubKeyCredParams: ALGORITHMS.map((alg) => ({ type: 'public-key', alg })),
      timeout: CEREMONY_TIMEOUT_MS,
      attestation: 'none',
      authenticatorSelection: {
        userVerification: 'discouraged',
        residentKey: 'discouraged',
        requireResidentKey: false,
      },
      excludeCredentials: p.exclude.map((id) => ({ type: 'public-key', id })),
    },
  };
}

export function requestOptions(p: {
  challenge: string;
  rpId: string;
  allow: string[];
}): Record<string, unknown> {
  return {
    publicKey: {
      challenge: p.challenge,
      rpId: p.rpId,
      timeout: CEREMONY_TIMEOUT_MS,
      userVerification: 'discouraged',
      allowCredentials: p.allow.map((id) => ({ type: 'public-key', id })),
    },
  };
}

const BASE64URL = /^[A-Za-z0-9_-]*={0,2}$/;
const isB64 = (v: unknown): v is string => typeof v === 'string' && v !== '' && BASE64URL.test(v);

/**
 * The JSON the browser script posts (a serialised PublicKeyCredential), checked for shape before the library sees
 * it; `clientExtensionResults` may be left out by older scripts.
 */
function parseCredential(raw: string, fields: string[]): Record<string, unknown> & { response: object } {
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    throw new WebAuthnError('The security key response is not valid JSON.');
  }
  const c = parsed as { type?: unknown; id?: unknown; rawId?: unknown; response?: Record<string, unknown> };
  if (!c || typeof c !== 'object' || c.type !== 'public-key' || !c.response || typeof c.response !== 'object')
    throw new WebAuthnError('The security key response is malformed.');
  const id = c.rawId ?? c.id;
  if (!isB64(id)) throw new WebAuthnError('rawId is missing or not base64url.');
  for (const f of fields)
    if (!isB64(c.response[f])) throw new WebAuthnError(`${f} is missing or not base64url.`);
  return { clientExtensionResults: {}, ...c, id, rawId: id, response: c.response };
}

/** The library's refusals, worded for the flow's message (without echoing what the browser sent). */
const REFUSALS: Array<[RegExp, string]> = [
  [/origin/i, 'The origin does not match.'],
  [/challenge/i, 'The challenge does not match.'],
  [/RP ?ID/i, 'The RP ID does not match.'],
  [/not present/i, 'The user was not present.'],
  [/response type/i, 'The ceremony type is not the expected one.'],
  [/counter/i, 'The signature counter did not increase; the security key may be cloned.'],
];

function refused(e: unknown): WebAuthnError {
  if (e instanceof WebAuthnError) return e;
  const reason = e instanceof Error ? e.message : String(e);
  const known = REFUSALS.find(([pattern]) => pattern.test(reason));
  return new WebAuthnError(known ? known[1] : `The security key response is not accepted: ${reason}`);
}

interface Expected {
  challenge: string;
  origin: string;
  rpId: string;
}

/** §7.1: checks a `navigator.credentials.create()` result; returns the credential to store. */
export async function verifyRegistration(
  raw: string,
  expected: Expected,
): Promise<Omit<StoredWebAuthnCredential, 'display_name' | 'added_at'>> {
  const response = parseCredential(raw, ['clientDataJSON', 'attestationObject']);
  let result;
  try {
    result = await verifyRegistrationResponse({
      response: response as unknown as RegistrationResponseJSON,
      expectedChallenge: expected.challenge,
      expectedOrigin: expected.origin,
      expectedRPID: expected.rpId,
      requireUserVerification: false,
      supportedAlgorithmIDs: ALGORITHMS,
    });
  } catch (e) {
    throw refused(e);
  }
  if (!result.verified) throw new WebAuthnError('The attestation signature is not valid.');
  const { credential } = result.registrationInfo;
  if (credential.id !== response.id) throw new WebAuthnError('The credential id does not match.');
  const alg = decodeCredentialPublicKey(credential.publicKey).get(cose.COSEKEYS.alg);
  return {
    id: credential.id,
    public_key: Buffer.from(credential.publicKey).toString('base64url'),
    alg: alg ?? COSEALG.ES256,
    sign_count: credential.counter,
  };
}

/** §7.2: checks a `navigator.credentials.get()` result against the stored credentials; returns the one used and its new counter. */
export async function verifyAssertion(
  raw: string,
  expected: Expected,
  credentials: StoredWebAuthnCredential[],
): Promise<{ credential: StoredWebAuthnCredential; signCount: number }> {
  const response = parseCredential(raw, ['clientDataJSON', 'authenticatorData', 'signature']);
  const credential = credentials.find((k) => k.id === response.id);
  if (!credential) throw new WebAuthnError('This security key is not registered for the account.');
  let result;
  try {
    result = await verifyAuthenticationResponse({
      response: response as unknown as AuthenticationResponseJSON,
      expectedChallenge: expected.challenge,
      expectedOrigin: expected.origin,
      expectedRPID: expected.rpId,
      requireUserVerification: false,
      credential: {
        id: credential.id,
        publicKey: new Uint8Array(Buffer.from(credential.public_key, 'base64url')),
        counter: credential.sign_count,
      },
    });
  } catch (e) {
    throw refused(e);
  }
  if (!result.verified) throw new WebAuthnError('The signature is not valid.');
  return { credential, signCount: result.authenticationInfo.newCounter };
}
