/**
 * The identity message-id catalogue (spec §8): the console's own wording for the identity service's numeric ids.
 * 1010xxx sign-in, 1040xxx sign-up, 1050xxx settings, 1060xxx recovery, 1070xxx generic field labels, 1080xxx
 * verification, 4000001–5000001 errors. `{key}` is replaced from the message's `context`; an unknown id, or a
 * template whose context value is missing, falls back to the server's own text.
 */
export interface IdentityText {
  id: number;
  text: string;
  type?: string;
  context?: object;
}

export const identityMessages: Readonly<Record<number, string>> = {
  // 1010xxx sign-in
  1010001: 'Log in',
  1010002: 'Log in with {provider}',
  1010003: 'Please confirm this action by verifying that it is you.',
  1010004: 'Please complete the second authentication step.',
  1010005: 'Verify',
  1010006: 'Authentication code',
  1010007: 'Backup recovery code',
  1010008: 'Log in with a security key',
  1010009: 'Use authenticator app',
  1010010: 'Use a backup recovery code',
  1010011: 'Log in with a security key',
  1010012: 'Prepare your security key or biometric device and press Continue.',
  1010013: 'Continue',
  1010014:
    'A code was sent to the address you provided. If it has not arrived, check the address and try again.',
  1010015: 'Send login code',
  1010017: 'Log in and link',
  1010018: 'Confirm with {provider}',
  1010019: 'Request a code to continue',
  1010021: 'Log in with a passkey',
  1010022: 'Log in with password',
  1010023: 'Send code to {address}',
  1010024: 'Log in with a security key',
  1010025: 'A code was sent to your address. If it has not arrived, please try again.',
  // 1040xxx sign-up
  1040001: 'Sign up',
  1040002: 'Sign up with {provider}',
  1040003: 'Continue',
  1040004: 'Sign up with a security key',
  1040005:
    'A code has been sent to the address you provided. If it has not arrived, check the address and sign up again.',
  1040006: 'Send sign-up code',
  1040007: 'Sign up with a passkey',
  1040008: 'Back',
  1040009: 'Please choose how you want to log in.',
  // 1050xxx settings
  1050001: 'Your changes have been saved.',
  1050002: 'Link {provider}',
  1050003: 'Unlink {provider}',
  1050004: 'Unlink the authenticator app',
  1050005: 'Authenticator app QR code',
  1050007: 'Show backup recovery codes',
  1050008: 'Generate new backup recovery codes',
  1050010: 'These are your backup recovery codes. Keep them in a safe place.',
  1050011: 'Confirm backup recovery codes',
  1050012: 'Add security key',
  1050013: 'Name of the security key',
  1050014: 'Code used at {used_at}',
  1050016: 'Disable this method',
  1050017: 'Authenticator app secret: use it if you cannot scan the QR code.',
  1050018: 'Remove security key "{display_name}"',
  1050019: 'Add passkey',
  1050020: 'Remove passkey "{display_name}"',
  1050023:
    'Your account is managed by your organisation. Contact its administrator to change these settings.',
  // 1060xxx recovery
  1060001: 'You recovered your account. Please change your password now.',
  1060002:
    'An e-mail with a recovery link has been sent to the address you provided, if it belongs to an account.',
  1060003:
    'An e-mail with a recovery code has been sent to the address you provided, if it belongs to an account.',
  1060004: 'A recovery code has been sent to {masked_address}.',
  1060005: 'Recover access to your account by entering your recovery address in full.',
  1060006: 'How do you want to recover your account?',
  1060007: 'Back',
  // 1070xxx generic field labels
  1070001: 'Password',
  1070003: 'Save',
  1070004: 'Username or e-mail',
  1070005: 'Submit',
  1070006: 'Verify code',
  1070007: 'E-mail',
  1070008: 'Resend code',
  1070009: 'Continue',
  1070010: 'Recovery code',
  1070011: 'Verification code',
  1070012: 'Sign-up code',
  1070013: 'Login code',
  1070014: 'Log in and link',
  1070015: 'Please complete the captcha to continue.',
  1070016: 'Recovery address',
  1070017: 'Phone number',
  1070018: 'E-mail or phone number',
  // 1080xxx verification
  1080001: 'An e-mail with a verification link has been sent to the address you provided.',
  1080002: 'Your e-mail address is verified.',
  1080003: 'An e-mail with a verification code has been sent to the address you provided.',
  1080004: 'A text message with a verification code has been sent to the number you provided.',
  1080005: 'Your phone number is verified.',
  // 4000xxx validation and credential errors
  4000002: 'Please fill in {property}.',
  4000003: 'Must be at least {min_length} characters long.',
  4000004: 'The format is not valid.',
  4000005: 'This password cannot be used: {reason}.',
  4000006: 'Wrong username or password.',
  4000007: 'An account with this e-mail address already exists.',
  4000008: 'The code is not valid. Please try again.',
  4000009: 'No login identifier was found. Please contact the administrator.',
  4000010: 'This account is not active yet. Please verify your e-mail address first.',
  4000011: 'No authenticator app is set up for this account.',
  4000012: 'This backup recovery code has already been used.',
  4000013: 'No security key is set up for this account.',
  4000014: 'No backup recovery codes are set up for this account.',
  // 4010xxx flow expired / no strategy
  4010001: 'The login form expired. Please try again.',
  4010002: 'Could not log you in with this method. Please check the form.',
  4010003: 'Could not sign you up with this method. Please check the form.',
  4010004: 'Could not update your settings with this method. Please check the form.',
  4010005: 'Could not recover your account with this method. Please check the form.',
  4010006: 'Could not verify your account with this method. Please check the form.',
  4040001: 'The sign-up form expired. Please try again.',
  4050001: 'The settings form expired. Please try again.',
  4060001: 'This recovery was already completed. Please start again.',
  4060002: 'The recovery failed. Please start again.',
  4060004: 'The recovery code is not valid or has been used. Please start again.',
  4060005: 'The recovery form expired. Please try again.',
  4060006: 'The recovery code is not valid or has been used. Please try again.',
  4070001: 'The verification code is not valid or has been used. Please start again.',
  4070002: 'This verification was already completed.',
  4070003: 'The verification failed. Please start again.',
  4070005: 'The verification form expired. Please try again.',
  4070006: 'The verification code is not valid or has been used. Please try again.',
};

/** Ids whose text is the server's own (runtime values, e.g. 4000001 "unknown" and 5000001 "no reason"). */
const SERVER_TEXT_IDS = new Set([4000001, 5000001, 1050006, 1050009, 1050015, 1070000, 1070002]);

/** The console's text for an identity message; the server text for unknown ids or missing context values. */
export function identityText(message: IdentityText): string {
  const template = SERVER_TEXT_IDS.has(message.id) ? undefined : identityMessages[message.id];
  if (template === undefined) return message.text;
  const context = (message.context ?? {}) as Record<string, unknown>;
  let missing = false;
  const out = template.replace(/\{([a-z_]+)\}/g, (_, key: string) => {
    const v = context[key];
    if (v === undefined || v === null || v === '') {
      missing = true;
      return '';
    }
    return String(v);
  });
  return missing ? message.text : out;
}

/** The console's wording for the identity service's error ids (the contract's errors.json), shown on /error/. */
export const identityErrorMessages: Readonly<Record<string, string>> = {
  session_already_available: 'You are already logged in.',
  session_inactive: 'You are not logged in, or your session has ended. Please log in again.',
  session_aal2_required: 'This needs your second authentication step. Please log in again with it.',
  session_aal1_required: 'Please log in first.',
  session_aal_already_fulfilled: 'Your session already has the requested level of authentication.',
  session_refresh_required: 'For your security, please confirm it is you by logging in again.',
  session_verified_address_required: 'Please verify your e-mail address first.',
  self_service_flow_expired: 'The form expired. Please start again.',
  self_service_flow_replaced: 'The form was replaced by a newer one. Please start again.',
  self_service_flow_disabled: 'This action is turned off for this console.',
  browser_location_change_required: 'Please continue on the page you are sent to.',
  self_service_flow_return_to_forbidden:
    'The page you were to be sent back to is not allowed. For your safety, you were not sent there.',
  security_identity_mismatch: 'This form belongs to another account. Please start again.',
  security_csrf_violation:
    'The request was refused to protect you from cross-site request forgery. Please start again from this console.',
  identity_disabled: 'This account is disabled.',
};

/** A flow error as the identity service keeps it (`GET /self-service/errors?id=` → `error`). */
export interface IdentityErrorDetail {
  id?: string;
  code?: number;
  status?: string;
  message?: string;
  reason?: string;
}

/**
 * The console's sentence for a flow error: the catalogue's for a known id, else the service's reason, else its
 * message, else a generic line.
 */
export function identityErrorText(error: IdentityErrorDetail | null | undefined): string {
  const known = error?.id ? identityErrorMessages[error.id] : undefined;
  return known ?? error?.reason ?? error?.message ?? 'Something went wrong. Please try again.';
}
