/**
 * The password policy of every account both embedded services keep (appliance local accounts, identity service
 * password method): at least the spec's "medium" strength (§5), not the user name (in any case, reversed, or
 * padded with a little extra), and not one of the commonly used passwords of @zxcvbn-ts/language-common (ranked
 * from public breach corpora). Server-side only: the list is about 50,000 words and must stay out of the browser
 * bundle, so nothing under src/app or src/widgets may import this module.
 */
import { dictionary } from '@zxcvbn-ts/language-common';
import { passwordStrength } from '../lib/passwordStrength';

export type PasswordProblemCode = 'user_name' | 'common' | 'weak';

export interface PasswordProblem {
  code: PasswordProblemCode;
  /** Completes "The password cannot be used because …". */
  reason: string;
}

/** Identifiers shorter than this are too short to be worth looking for inside a password. */
const MIN_IDENTIFIER_LENGTH = 3;

let common: ReadonlySet<string> | null = null;
/** Built on first use: decompressing the list costs some milliseconds that only password changes should pay. */
function commonPasswords(): ReadonlySet<string> {
  common ??= new Set(dictionary['passwords-common']);
  return common;
}

export function isCommonPassword(password: string): boolean {
  return commonPasswords().has(password.toLowerCase());
}

const reverse = (s: string) => [...s].reverse().join('');

/**
 * True when the password is built on one of the identifiers: equal to it or its reverse (any case), contained in it,
 * or containing it with too little else to be a medium password on its own ("ADMINadmin", "admin2024!").
 */
export function resemblesIdentifier(password: string, identifiers: readonly string[]): boolean {
  const pw = password.toLowerCase();
  for (const raw of identifiers) {
    const id = raw.trim().toLowerCase();
    if (id.length < MIN_IDENTIFIER_LENGTH) continue;
    if (id.includes(pw)) return true;
    for (const form of [id, reverse(id)]) {
      if (!pw.includes(form)) continue;
      // What remains once the name is taken out must be a medium password by itself.
      const rest = pw.length === password.length ? withoutForm(password, form) : pw.split(form).join('');
      if (passwordStrength(rest) === 'weak') return true;
    }
  }
  return false;
}

/** The password without every case-insensitive occurrence of `form`, keeping the case of what remains. */
function withoutForm(password: string, form: string): string {
  let out = '';
  const lower = password.toLowerCase();
  let i = 0;
  while (i < password.length) {
    if (lower.startsWith(form, i)) i += form.length;
    else {
      out += password[i];
      i += 1;
    }
  }
  return out;
}

/**
 * The first reason `password` may not be used, or null. `identifiers` are the account's names (user name, e-mail
 * address and its local part). Length limits stay with each service (their messages differ).
 */
export function passwordProblem(
  password: string,
  identifiers: readonly string[] = [],
): PasswordProblem | null {
  if (resemblesIdentifier(password, identifiers))
    return { code: 'user_name', reason: 'it is too similar to the user name' };
  if (isCommonPassword(password))
    return { code: 'common', reason: 'it is one of the most commonly used passwords' };
  if (passwordStrength(password) === 'weak')
    return {
      code: 'weak',
      reason: 'it is too weak; use a longer one that mixes lower and upper case letters, digits and symbols',
    };
  return null;
}
