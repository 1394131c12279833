/**
 * Password strength (spec §5): 5 points per character, a repeated character worth less each time it recurs
 * (5 / occurrences so far), plus 10 points per character class beyond the first (lower, upper, digit, other).
 * Above 75 is strong, above 50 medium, otherwise weak. A commonly used password (the services' list, when given) is
 * weak whatever its score: "password1" scores 52.5 but is among the first guesses of any attack.
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

/** Local account passwords (appliance and console): at least this many characters. */
export const LOCAL_PASSWORD_MIN_LENGTH = 10;

export const isListedCommon = (password: string, common: ReadonlySet<string> | null | undefined) =>
  Boolean(common?.has(password.toLowerCase()));

export function passwordStrength(password: string, common?: ReadonlySet<string> | null): PasswordStrength {
  if (isListedCommon(password, common)) return 'weak';
  const score = passwordScore(password);
  if (score > STRONG_ABOVE) return 'strong';
  if (score > MEDIUM_ABOVE) return 'medium';
  return 'weak';
}
