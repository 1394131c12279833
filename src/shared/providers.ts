/** Third-party sign-in services (spec §3) and their display names; the console and the identity service share them. */
export const PROVIDER_NAMES = {
  google: 'Google',
  github: 'GitHub',
  linkedin: 'LinkedIn',
  facebook: 'Facebook',
  x: 'X',
  twitter: 'Twitter',
  azure: 'Entra ID',
  auth0: 'Auth0',
} as const;

export type ProviderId = keyof typeof PROVIDER_NAMES;

export const isProviderId = (id: unknown): id is ProviderId =>
  typeof id === 'string' && Object.prototype.hasOwnProperty.call(PROVIDER_NAMES, id);

/** The display name of a provider id; an unknown id is shown as it is. */
export const providerName = (provider: string): string =>
  isProviderId(provider) ? PROVIDER_NAMES[provider] : provider;
