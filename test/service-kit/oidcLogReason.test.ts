/**
 * A failed OpenID exchange is logged by kind and reason only: openid-client's errors carry the ID token and the
 * checks (nonce, code verifier), which must never reach a log.
 */
import { errors } from 'openid-client';
import { oidcLogReason } from '../../src/service-kit/oidcLogReason';

it('keeps the ID token and the checks of a refused token out of the log fields', () => {
  const err = new errors.RPError({
    message: 'nonce mismatch',
    jwt: 'eyJhbGciOiJSUzI1NiJ9.c2VjcmV0LWNsYWltcw.signature',
    checks: { nonce: 'the-nonce', code_verifier: 'the-verifier' },
  });
  const fields = JSON.stringify(oidcLogReason(err));
  expect(oidcLogReason(err)).toEqual({ error: 'RPError', reason: 'nonce mismatch' });
  for (const secret of ['eyJhbGciOiJSUzI1NiJ9', 'the-nonce', 'the-verifier'])
    expect(fields).not.toContain(secret);
});

it("names the provider's own error and description", () => {
  const err = new errors.OPError({ error: 'invalid_grant', error_description: 'grant expired' });
  expect(oidcLogReason(err)).toEqual({ error: 'OPError', reason: 'invalid_grant: grant expired' });
});

it('says what went wrong with the network without the whole error', () => {
  const err = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:1'), { code: 'ECONNREFUSED' });
  expect(oidcLogReason(err)).toEqual({ error: 'Error', reason: 'ECONNREFUSED' });
});
