import { identityMessages, identityText } from '../../src/identity/messages';

describe('identity message catalogue (§8)', () => {
  it('translates known ids and fills in context values', () => {
    expect(
      identityText({
        id: 4000006,
        text: 'The provided credentials are invalid, check for spelling mistakes…',
      }),
    ).toBe('Wrong username or password.');
    expect(identityText({ id: 1010002, text: 'Sign in with github', context: { provider: 'GitHub' } })).toBe(
      'Log in with GitHub',
    );
    expect(
      identityText({ id: 4000002, text: 'Property email is missing.', context: { property: 'email' } }),
    ).toBe('Please fill in email.');
    expect(identityText({ id: 1070004, text: 'ID' })).toBe('Username or e-mail');
  });

  it('falls back to the server text for unknown ids, dynamic ids and missing context', () => {
    expect(identityText({ id: 9999999, text: 'Something new' })).toBe('Something new');
    expect(identityText({ id: 4000001, text: 'a runtime reason' })).toBe('a runtime reason');
    expect(identityText({ id: 5000001, text: 'no reason given' })).toBe('no reason given');
    expect(identityText({ id: 1010002, text: 'Sign in with x' })).toBe('Sign in with x');
  });

  it('covers every range and error id the spec names', () => {
    const ids = Object.keys(identityMessages).map(Number);
    for (const prefix of [1010, 1040, 1050, 1060, 1070, 1080])
      expect(ids.some((id) => Math.floor(id / 1000) === prefix)).toBe(true);
    for (const id of [
      4000002, 4000003, 4000004, 4000005, 4000006, 4000007, 4000008, 4000009, 4000010, 4000011, 4000012,
      4000013, 4000014, 4010001, 4010002, 4010003, 4010004, 4010005, 4010006, 4040001, 4050001, 4060001,
      4060002, 4060004, 4060005, 4070001, 4070002, 4070003, 4070005,
    ])
      expect(identityMessages[id]).toEqual(expect.any(String));
  });
});
