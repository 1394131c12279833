/**
 * The e-mail pattern (spec §5): non-space characters, `@`, a domain, a dot and a suffix; empty is invalid. The
 * console's validators and the embedded identity service both use this one.
 */
export const EMAIL_PATTERN = /^\S+@\S+\.\S+$/;

export const isEmail = (value: string): boolean => EMAIL_PATTERN.test(value);
