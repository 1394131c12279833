/**
 * What a failed OpenID Connect exchange may say in a log: the error's kind and a short reason. openid-client's
 * errors can carry the ID token (`jwt`), the token response or the checks (nonce, code verifier), so the error
 * object itself is never logged.
 */
import { errors as oidcErrors } from 'openid-client';

export function oidcLogReason(err: unknown): { error: string; reason: string } {
  if (err instanceof oidcErrors.OPError)
    return {
      error: 'OPError',
      reason: `${err.error}${err.error_description ? `: ${err.error_description}` : ''}`.slice(0, 200),
    };
  const e = err as Error & { code?: string };
  return { error: e?.name ?? 'Error', reason: String(e?.code ?? e?.message ?? e).slice(0, 200) };
}
