/**
 * The signed-in account's security keys (src/appliance/users/securityKeyRoutes.ts): listing, registering and
 * removing them.
 */
import { type Static, Type } from '@sinclair/typebox';
import { SECURITY_KEY_NAME_MAX } from '../../securityKeys';
import { endpoint } from '../endpoint';
import { stringEnum } from '../fields';
import { mySecurityKeys } from './myAccount';
import { idParams } from './shared';
import { webAuthnCredential } from './signIn';
import { securityKeySummary } from './users';

export const listMySecurityKeys = endpoint({
  method: 'GET',
  path: 'users/me/second-factors/webauthn',
  response: mySecurityKeys,
  summary: 'Your security keys (name, added, last used)',
});

const credentialDescriptor = Type.Object({
  type: stringEnum(['public-key']),
  id: Type.String({ description: 'The credential id (base64url).' }),
});

/**
 * The security-key step a password step's 401 carries (`detail.webauthn`, beside `second_factors`): the ticket to
 * send back to `loginWithSecurityKey` and what `navigator.credentials.get()` takes (base64url strings for its bytes).
 */
export const securityKeyStep = Type.Object({
  ticket: Type.String(),
  publicKey: Type.Object({
    challenge: Type.String({ description: 'base64url' }),
    rpId: Type.String(),
    timeout: Type.Integer({ description: 'Milliseconds.' }),
    userVerification: Type.String(),
    allowCredentials: Type.Array(credentialDescriptor, {
      description: 'The account’s keys registered for this address.',
    }),
  }),
});

export type SecurityKeyStep = Static<typeof securityKeyStep>;

/** What `navigator.credentials.create()` takes, with base64url strings for its bytes. */
export const securityKeyRegistration = Type.Object({
  ticket: Type.String({ description: 'Names this registration: send it back with the browser’s answer.' }),
  publicKey: Type.Object({
    challenge: Type.String({ description: 'base64url' }),
    rp: Type.Object({ id: Type.String(), name: Type.String() }),
    user: Type.Object({
      id: Type.String({ description: 'The account’s user handle (base64url).' }),
      name: Type.String(),
      displayName: Type.String(),
    }),
    pubKeyCredParams: Type.Array(Type.Object({ type: stringEnum(['public-key']), alg: Type.Integer() })),
    timeout: Type.Integer({ description: 'Milliseconds.' }),
    attestation: Type.String(),
    authenticatorSelection: Type.Object({
      userVerification: Type.String(),
      residentKey: Type.String(),
      requireResidentKey: Type.Boolean(),
    }),
    excludeCredentials: Type.Array(credentialDescriptor, {
      description: 'The keys registered already (the browser refuses to add one twice).',
    }),
  }),
});

export type SecurityKeyRegistration = Static<typeof securityKeyRegistration>;

export const startSecurityKeyRegistration = endpoint({
  method: 'POST',
  path: 'users/me/second-factors/webauthn/options',
  // Nothing to say (an empty object, or null).
  body: Type.Unsafe<Record<string, never> | null>({
    type: ['object', 'null'],
    additionalProperties: false,
    properties: {},
  }),
  response: securityKeyRegistration,
  summary: 'Start adding a security key: a ticket and the options for the browser’s prompt',
});

export const addSecurityKey = endpoint({
  method: 'POST',
  path: 'users/me/second-factors/webauthn',
  body: Type.Object(
    {
      ticket: Type.String({ minLength: 1, maxLength: 128 }),
      name: Type.Optional(
        Type.String({
          maxLength: SECURITY_KEY_NAME_MAX,
          format: 'safe-text',
          description: 'What to call it (a default name when empty).',
        }),
      ),
      credential: webAuthnCredential,
    },
    { additionalProperties: false },
  ),
  response: securityKeySummary,
  status: 201,
  summary: 'Add the security key the browser created',
});

export const removeSecurityKey = endpoint({
  method: 'DELETE',
  path: 'users/me/second-factors/webauthn/:id',
  params: idParams,
  status: 204,
  summary: 'Remove one of your security keys',
});
