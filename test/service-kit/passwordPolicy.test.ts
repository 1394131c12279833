import { isCommonPassword, passwordProblem, resemblesIdentifier } from '../../src/service-kit/passwordPolicy';

describe('passwordProblem', () => {
  it.each([
    // [password, identifiers, expected problem]
    ['1234567890', ['admin'], 'common'],
    ['aaaaaaaaaa', ['admin'], 'weak'],
    ['ADMINadmin', ['admin'], 'user_name'],
    ['admin', ['admin'], 'user_name'],
    ['nimdA-NIMDA', ['admin'], 'user_name'],
    ['Admin2024!', ['admin'], 'user_name'],
    ['password1', [], 'common'],
    ['Password1', [], 'common'],
    ['letmein123', [], 'common'],
    ['abcabcabc1', [], 'weak'],
    ['Tiny7', [], 'weak'],
    ['Security-suite-Admin-2026!', ['admin'], null],
    ['correct horse battery staple', ['admin'], null],
    ['Blue-Harbour-Lantern-47', ['ann@example.test', 'ann'], null],
    ['ann@example.test', ['ann@example.test', 'ann'], 'user_name'],
    ['example', ['ann@example.test'], 'user_name'],
  ])('%s with identifiers %j → %p', (password, identifiers, expected) => {
    expect(passwordProblem(password, identifiers)?.code ?? null).toBe(expected);
  });

  it('gives a reason that completes "cannot be used because …"', () => {
    expect(passwordProblem('1234567890')?.reason).toBe('it is one of the most commonly used passwords');
    expect(passwordProblem('ADMINadmin', ['admin'])?.reason).toBe('it is too similar to the user name');
    expect(passwordProblem('aaaaaaaaaa')?.reason).toMatch(/^it is too weak/);
  });

  it('ignores identifiers too short to matter', () => {
    expect(resemblesIdentifier('Blue-Harbour-Lantern-47', ['ab'])).toBe(false);
  });

  it('uses the shipped list of common passwords, in any case', () => {
    expect(isCommonPassword('QWERTY')).toBe(true);
    expect(isCommonPassword('Blue-Harbour-Lantern-47')).toBe(false);
  });
});
