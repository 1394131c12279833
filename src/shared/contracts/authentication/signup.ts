/**
 * The self-service sign-up policy of the identity service (`{api}authentication/signup`).
 */
import { Type } from '@sinclair/typebox';
import { DOMAIN_ENTRY_MAX_LENGTH, MAX_ALLOWED_DOMAINS, SIGNUP_MODES } from '../../signupPolicy';
import { endpoint } from '../endpoint';
import { stringEnum } from '../fields';

/** `GET/PUT {api}authentication/signup`: who may sign up with the identity service. */
export const signupPolicy = Type.Object(
  {
    mode: stringEnum(SIGNUP_MODES),
    allowed_domains: Type.Array(Type.String({ maxLength: DOMAIN_ENTRY_MAX_LENGTH }), {
      maxItems: MAX_ALLOWED_DOMAINS,
    }),
  },
  { additionalProperties: false },
);

export const getSignupPolicy = endpoint({
  method: 'GET',
  path: 'authentication/signup',
  response: signupPolicy,
  summary: 'Who may sign up with the identity service',
});

export const putSignupPolicy = endpoint({
  method: 'PUT',
  path: 'authentication/signup',
  body: signupPolicy,
  response: signupPolicy,
  summary: 'Change who may sign up with the identity service',
});
