/** Spec §5: a security key registered without a name is called this (console and identity service alike). */
export const DEFAULT_SECURITY_KEY_NAME = 'My security key';

/** The field of a settings flow that names a security key being registered. */
export const SECURITY_KEY_NAME_FIELD = 'webauthn_register_displayname';

/** The longest name of a security key. */
export const SECURITY_KEY_NAME_MAX = 64;
