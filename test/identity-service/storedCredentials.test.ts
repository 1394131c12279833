import { CorruptCredentialError, readCredentialConfig } from '../../src/identity-service/storedCredentials';

const key = { id: 'k1', public_key: 'pk', alg: -7, sign_count: 0, display_name: 'Key', added_at: '' };

describe('stored credentials are checked when read', () => {
  it.each([
    ['password', { hashed_password: '$argon2id$…' }],
    ['totp', { totp_url: 'otpauth://totp/x', last_time_step: 3 }],
    ['totp', { totp_url: 'otpauth://totp/x' }],
    ['lookup_secret', { recovery_codes: [{ code: 'abcd' }, { code: 'efgh', used_at: '2026-01-01' }] }],
    ['webauthn', { user_handle: 'h', credentials: [key] }],
  ])('reads a valid %s credential', (type, config) => {
    expect(readCredentialConfig('id-1', type, JSON.stringify(config))).toEqual(config);
  });

  it.each([
    ['password', 'not json'],
    ['password', '{"hashed_password":42}'],
    ['password', '[]'],
    ['totp', '{}'],
    ['totp', '{"totp_url":"otpauth://x","last_time_step":"3"}'],
    ['lookup_secret', '{"recovery_codes":"abcd"}'],
    ['lookup_secret', '{"recovery_codes":[{"code":1}]}'],
    ['webauthn', '{"user_handle":"h"}'],
    ['webauthn', `{"user_handle":"h","credentials":[${JSON.stringify({ ...key, alg: 'ES256' })}]}`],
  ])('refuses a corrupt %s credential (%s) naming the identity and type, never the content', (type, json) => {
    let error: unknown;
    try {
      readCredentialConfig('id-1', type, json);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(CorruptCredentialError);
    expect((error as Error).message).toBe(`stored ${type} credential of identity id-1 is corrupt`);
  });
});
