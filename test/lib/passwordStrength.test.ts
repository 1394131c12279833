import { passwordScore, passwordStrength } from '../../src/lib/passwordStrength';

describe('password strength (§5)', () => {
  it.each([
    ['', 0, 'weak'],
    ['a', 5, 'weak'],
    ['aa', 7.5, 'weak'], // a repeat is worth 5/2
    ['aaa', 9.17, 'weak'],
    ['abcdefghij', 50, 'weak'], // exactly 50 is not above 50
    ['abcdefghijk', 55, 'medium'],
    ['abcdefghiJ', 60, 'medium'], // +10 for a second class
    ['abcdefghijklmno', 75, 'medium'], // exactly 75 is not above 75
    ['abcdefghijklmnop', 80, 'strong'],
    ['Abcdef1!', 70, 'medium'], // 8 × 5 + 3 extra classes × 10
    ['Abcdefg1!x', 80, 'strong'],
    ['1111111111111111', 16.9, 'weak'], // 5 × (1 + 1/2 + … + 1/16)
  ])('%j scores %d (%s)', (password, score, level) => {
    expect(passwordScore(password)).toBeCloseTo(score, 2);
    expect(passwordStrength(password)).toBe(level);
  });
});

describe('a commonly used password', () => {
  it('is weak whatever its score once the common list is given (password1 scores 52.5, "medium" alone)', async () => {
    const { loadCommonPasswords } = await import('../../src/lib/commonPasswords');
    const common = await loadCommonPasswords();
    expect(passwordScore('password1')).toBeCloseTo(52.5, 2);
    expect(passwordStrength('password1')).toBe('medium');
    expect(passwordStrength('password1', common)).toBe('weak');
    expect(passwordStrength('PassWord1', common)).toBe('weak'); // the list is checked case-insensitively
    expect(passwordStrength('Abcdefg1!x', common)).toBe('strong');
  });
});
