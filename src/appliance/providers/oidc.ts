/**
 * OpenID Connect providers through `openid-client` (v5, CommonJS). A server cannot sign a person in by itself, so
 * the test bench checks everything short of that, for real: discovery (the issuer answers for itself), the
 * endpoints and capabilities the console's flow needs (authorisation code, PKCE S256), the signing keys (JWKS), the
 * client credentials (a token request with a probe code: a provider that accepts the client answers `invalid_grant`,
 * one that refuses it `invalid_client`), and whether the mapped claims are among those the provider announces.
 */
import { errors, type BaseClient } from 'openid-client';
import type { OidcSettings, ProviderCheck, ProviderCheckStep } from '../../shared/authentication';
import { boundClient, discoverIssuer, OIDC_LIMITS } from '../../service-kit/oidcIssuer';
import { outboundRequest, type OutboundLimits } from '../../service-kit/outbound';

/**
 * A client of the provider (discovery is fetched each time: providers rotate keys and endpoints). Its requests are
 * bounded and its token and userinfo endpoints share the issuer's origin unless the settings allow otherwise
 * (service-kit/oidcIssuer.ts).
 */
export async function oidcClient(
  s: OidcSettings,
  secret: string | null,
  redirectUri: string,
  limits: Partial<OutboundLimits> = {},
): Promise<BaseClient> {
  const issuer = await discoverIssuer(s.issuer, {
    allowCrossOriginEndpoints: s.allow_cross_origin_endpoints === true,
    limits,
  });
  return boundClient(
    new issuer.Client({
      client_id: s.client_id,
      client_secret: secret ?? undefined,
      redirect_uris: [redirectUri],
      response_types: ['code'],
      token_endpoint_auth_method: secret ? 'client_secret_basic' : 'none',
    }),
    limits,
  );
}

const message = (e: unknown): string => {
  if (e instanceof errors.OPError)
    return `${e.error}${e.error_description ? `: ${e.error_description}` : ''}`;
  const err = e as Error & { code?: string };
  return (err?.message ?? String(e)).slice(0, 300);
};

export async function checkOidc(
  s: OidcSettings,
  secret: string | null,
  redirectUri: string,
  limits: Partial<OutboundLimits> = {},
): Promise<ProviderCheck> {
  const steps: ProviderCheckStep[] = [];
  const done = (ok: boolean): ProviderCheck => ({ ok, steps, user: null });
  let client: BaseClient;
  try {
    client = await oidcClient(s, secret, redirectUri, limits);
    steps.push({ step: 'discovery', ok: true, message: `issuer ${s.issuer} answers for itself` });
  } catch (e) {
    steps.push({ step: 'discovery', ok: false, message: message(e) });
    return done(false);
  }
  const m = client.issuer.metadata;
  const missing = (['authorization_endpoint', 'token_endpoint', 'jwks_uri'] as const).filter((k) => !m[k]);
  const responseTypes = (m.response_types_supported as string[] | undefined) ?? [];
  const pkce = (m.code_challenge_methods_supported as string[] | undefined) ?? [];
  if (missing.length || !responseTypes.includes('code')) {
    steps.push({
      step: 'capabilities',
      ok: false,
      message: missing.length
        ? `missing ${missing.join(', ')}`
        : 'the authorisation code flow is not offered',
    });
    return done(false);
  }
  if (pkce.length && !pkce.includes('S256')) {
    steps.push({ step: 'capabilities', ok: false, message: 'PKCE with S256 is not offered' });
    return done(false);
  }
  const unknownScopes = s.scopes.filter(
    (x) => Array.isArray(m.scopes_supported) && !(m.scopes_supported as string[]).includes(x),
  );
  steps.push({
    step: 'capabilities',
    ok: true,
    message: [
      'authorisation code with PKCE',
      unknownScopes.length ? `scopes not announced: ${unknownScopes.join(', ')}` : 'all scopes announced',
    ].join('; '),
  });
  try {
    const res = await outboundRequest(String(m.jwks_uri), {
      what: 'the OpenID provider',
      headers: { accept: 'application/json' },
      limits: { ...OIDC_LIMITS, ...limits },
    });
    const jwks = JSON.parse(res.body.toString('utf8')) as { keys?: Array<{ use?: string; kty?: string }> };
    const signing = (jwks.keys ?? []).filter((k) => !k.use || k.use === 'sig');
    if (res.status !== 200 || signing.length === 0) throw new Error('no signing keys');
    steps.push({ step: 'signing keys', ok: true, message: `${signing.length} signing key(s)` });
  } catch (e) {
    steps.push({ step: 'signing keys', ok: false, message: message(e) });
    return done(false);
  }
  try {
    await client.grant({
      grant_type: 'authorization_code',
      code: 'rampart-probe-code',
      redirect_uri: redirectUri,
      code_verifier: 'rampart-probe-verifier-rampart-probe-verifier-0123',
    });
    steps.push({ step: 'client', ok: false, message: 'the provider accepted a probe code' });
    return done(false);
  } catch (e) {
    if (e instanceof errors.OPError && e.error === 'invalid_grant')
      steps.push({ step: 'client', ok: true, message: 'client id and secret accepted' });
    else {
      steps.push({
        step: 'client',
        ok: false,
        message:
          e instanceof errors.OPError && e.error === 'invalid_client'
            ? 'the provider refused the client id or secret'
            : message(e),
      });
      return done(false);
    }
  }
  const claims = (m.claims_supported as string[] | undefined) ?? [];
  const mapped = [s.username_claim, s.email_claim, s.name_claim, s.groups_claim].filter(Boolean);
  const unannounced = claims.length ? mapped.filter((c) => !claims.includes(c)) : [];
  steps.push({
    step: 'claims',
    ok: true,
    message: unannounced.length
      ? `claims not announced (they may still be sent): ${unannounced.join(', ')}`
      : `mapped claims announced: ${mapped.join(', ')}`,
  });
  return done(true);
}
