/**
 * Part of the §8 error catalogue (`errorCatalogue.ts` re-exports it): the local login and change-password 401s by
 * `detail.code`. Its own module, so the login screen and its machines carry these few lines without loading the
 * whole catalogue, which the error handler loads on the first error.
 */
/** The machines show them at the step they concern. */
export const localAuthCodeMessages = {
  invalidOtp: 'The one-time code is not valid. Please try again.',
  otpRequired: 'Enter the one-time code from your authenticator app.',
  otpSecretMissing:
    'Two-factor authentication is not set up for this account yet. Contact your administrator.',
  wrongCredentials: 'Wrong username or password.',
  invalidPassword: 'The current password is not valid.',
  samePassword: 'The new password cannot be the same as the current one.',
} as const;
