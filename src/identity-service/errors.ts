/**
 * Errors in the contract's herodot envelope `{error:{id,code,status,message,reason,details}}` (errors.json), plus the
 * top-level extras some ids carry (`redirect_browser_to`, `use_flow_id`, `expired_at`, `since`).
 */

const STATUS_TEXT: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  410: 'Gone',
  413: 'Payload Too Large',
  422: 'Unprocessable Entity',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
};

export interface ErrorBody {
  error: {
    id?: string;
    code: number;
    status: string;
    message: string;
    reason?: string;
    details?: Record<string, unknown>;
  };
  [extra: string]: unknown;
}

export class IdentityError extends Error {
  constructor(
    readonly code: number,
    readonly id: string | undefined,
    message: string,
    readonly reason?: string,
    readonly details: Record<string, unknown> = {},
    /** Fields beside `error` at the top level. */
    readonly extra: Record<string, unknown> = {},
    /** Where a plain browser goes instead of the error page (303). */
    readonly browserRedirect?: string,
  ) {
    super(message);
  }

  toBody(): ErrorBody {
    const error: ErrorBody['error'] = {
      code: this.code,
      status: STATUS_TEXT[this.code] ?? 'Error',
      message: this.message,
    };
    if (this.id) error.id = this.id;
    if (this.reason) error.reason = this.reason;
    error.details = this.details;
    return { error, ...this.extra };
  }
}

export const errors = {
  /** A body that cannot be read (too deeply nested JSON); never reaches a flow handler. */
  malformedBody(reason: string): IdentityError {
    return new IdentityError(
      400,
      undefined,
      'The request was malformed or contained invalid parameters',
      reason,
    );
  },
  sessionAlreadyAvailable(flow: 'login' | 'registration' | 'recovery', defaultReturn: string): IdentityError {
    const reason =
      flow === 'login'
        ? 'A valid session was detected and thus login is not possible. Did you forget to set `?refresh=true`?'
        : `A valid session was detected and thus ${flow} is not possible.`;
    const message =
      flow === 'recovery'
        ? 'The request was malformed or contained invalid parameters'
        : 'you are already logged in';
    return new IdentityError(400, 'session_already_available', message, reason, {}, {}, defaultReturn);
  },
  sessionInactive(browserRedirect?: string): IdentityError {
    return new IdentityError(
      401,
      'session_inactive',
      'request does not have a valid authentication session',
      'No active session was found in this request.',
      {},
      {},
      browserRedirect,
    );
  },
  aal2Required(redirectTo: string): IdentityError {
    return new IdentityError(
      403,
      'session_aal2_required',
      'Session does not fulfill the requested Authenticator Assurance Level',
      'An active session was found but it does not fulfill the requested Authenticator Assurance Level. Please verify yourself with a second factor to resolve this issue.',
      { redirect_browser_to: redirectTo },
      { redirect_browser_to: redirectTo },
      redirectTo,
    );
  },
  aal1Required(): IdentityError {
    return new IdentityError(
      401,
      'session_aal1_required',
      'aal2 and aal3 can only be requested if a session exists already',
      'You can not requested a higher AAL (AAL2/AAL3) without an active session.',
    );
  },
  refreshRequired(redirectTo: string): IdentityError {
    return new IdentityError(
      403,
      'session_refresh_required',
      'The requested action was forbidden',
      'The login session is too old and thus not allowed to update these fields. Please re-authenticate.',
      { redirect_browser_to: redirectTo },
      { redirect_browser_to: redirectTo },
      redirectTo,
    );
  },
  locationChange(to: string): IdentityError {
    return new IdentityError(
      422,
      'browser_location_change_required',
      'browser location change required',
      `In order to complete this flow please redirect the browser to: ${to}`,
      {},
      { redirect_browser_to: to },
      to,
    );
  },
  /** Kratos' ErrRegistrationDisabled: sign-up is closed (create, fetch and submit of a registration flow). */
  registrationDisabled(): IdentityError {
    return new IdentityError(
      400,
      'self_service_flow_disabled',
      'registration flow disabled',
      'Registration is not allowed because it was disabled.',
    );
  },
  returnToForbidden(url: string): IdentityError {
    return new IdentityError(
      400,
      'self_service_flow_return_to_forbidden',
      'The request was malformed or contained invalid parameters',
      `Requested return_to URL ${JSON.stringify(url)} is not allowed.`,
    );
  },
  csrf(rejectReason: string): IdentityError {
    return new IdentityError(
      403,
      'security_csrf_violation',
      'the request was rejected to protect you from Cross-Site-Request-Forgery',
      'Please retry the flow and optionally clear your cookies. The request was rejected to protect you from Cross-Site-Request-Forgery (CSRF) which could cause account takeover, leaking personal information, and other serious security issues.',
      {
        reject_reason: rejectReason,
        hint: 'The anti-CSRF cookie was not sent or the csrf_token of the form does not match it. Start a new flow in the same browser and send the cookie along (credentials: include).',
        docs: 'https://www.ory.sh/kratos/docs/debug/csrf',
      },
    );
  },
  identityMismatch(): IdentityError {
    return new IdentityError(
      403,
      'security_identity_mismatch',
      'The requested action was forbidden',
      'The request was initiated by someone else and has been blocked for security reasons. Please go back and try again.',
    );
  },
  notFound(what: string): IdentityError {
    return new IdentityError(
      404,
      undefined,
      'The requested resource could not be found',
      `${what} does not exist.`,
    );
  },
  badRequest(reason: string): IdentityError {
    return new IdentityError(
      400,
      undefined,
      'The request was malformed or contained invalid parameters',
      reason,
    );
  },
  forbidden(reason: string): IdentityError {
    return new IdentityError(403, undefined, 'The requested action was forbidden', reason);
  },
  flowExpiredOnFetch(flow: string, redirectTo: string, returnTo: string | null): IdentityError {
    const details: Record<string, unknown> = { redirect_to: redirectTo };
    if (returnTo) details.return_to = returnTo;
    return new IdentityError(
      410,
      'self_service_flow_expired',
      'The requested resource is no longer available because it has expired or is otherwise invalid.',
      `The ${flow} flow has expired. Redirect the user to the ${flow} flow init endpoint to initialize a new ${flow} flow.`,
      details,
    );
  },
  flowExpired(newFlowId: string, expiredAt: Date, now: number, browserRedirect: string): IdentityError {
    const sinceMs = Math.max(0, now - expiredAt.getTime());
    return new IdentityError(
      410,
      'self_service_flow_expired',
      'self-service flow expired',
      `The self-service flow expired ${(sinceMs / 60000).toFixed(2)} minutes ago, initialize a new one.`,
      {},
      { use_flow_id: newFlowId, expired_at: expiredAt.toISOString(), since: sinceMs * 1e6 },
      browserRedirect,
    );
  },
};
