/**
 * Password strength (spec §5): 5 points per character, a repeated character worth less each time it recurs
 * (5 / occurrences so far), plus 10 points per character class beyond the first (lower, upper, digit, other).
 * Above 75 is strong, above 50 medium, otherwise weak.
 */
export type PasswordStrength = 'weak' | 'medium' | 'strong';

const POINTS_PER_CHARACTER = 5; // §5
const POINTS_PER_EXTRA_CLASS = 10; // §5
const STRONG_ABOVE = 75; // §5
const MEDIUM_ABOVE = 50; // §5

const CLASSES = [/[a-z]/, /[A-Z]/, /[0-9]/, /[^a-zA-Z0-9]/];

export function passwordScore(password: string): number {
  if (!password) return 0;
  const seen = new Map<string, number>();
  let score = 0;
  for (const ch of password) {
    const n = (seen.get(ch) ?? 0) + 1;
    seen.set(ch, n);
    score += POINTS_PER_CHARACTER / n;
  }
  const classes = CLASSES.filter((re) => re.test(password)).length;
  score += Math.max(0, classes - 1) * POINTS_PER_EXTRA_CLASS;
  return Math.round(score * 100) / 100;
}

export function passwordStrength(password: string): PasswordStrength {
  const score = passwordScore(password);
  if (score > STRONG_ABOVE) return 'strong';
  if (score > MEDIUM_ABOVE) return 'medium';
  return 'weak';
}
