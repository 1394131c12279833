/**
 * Route guards. A protected route's loader sends an anonymous visitor to /account/login with the page as
 * `return_to` (spec §4: only in the redirect render mode). A route can declare a validity check; a failing check
 * is a 404 naming the path.
 */
import { data, redirect, type LoaderFunctionArgs, type Params } from 'react-router';
import { checkLocalPath } from '../../shared/redirectPolicy';
import { routingOptions } from './options';
import { isLoggedInFromCookies, requestCookies } from './session';

export const LOGIN_PATH = '/account/login';

export function loginRedirectTarget(url: URL): string {
  return `${LOGIN_PATH}?return_to=${encodeURIComponent(url.pathname + url.search)}`;
}

export function requireLogin({ request }: LoaderFunctionArgs) {
  if (routingOptions.renderMode !== 'redirect') return null;
  if (isLoggedInFromCookies(requestCookies(request))) return null;
  throw redirect(loginRedirectTarget(new URL(request.url)));
}

/** Throws a 404 response naming the path; the error page shows it. */
export function notFound(request: Request): never {
  throw data({ path: new URL(request.url).pathname }, { status: 404, statusText: 'Not Found' });
}

export type ValidityCheck = (params: Params) => boolean;

/** A loader that 404s when the check fails, then runs the next loader (if any). */
export function withValidity(check: ValidityCheck, next?: (args: LoaderFunctionArgs) => unknown) {
  return (args: LoaderFunctionArgs) => {
    if (!check(args.params)) notFound(args.request);
    return next ? next(args) : null;
  };
}

/** Entity ids in detail routes: short, URL-safe. */
export const isEntityId: ValidityCheck = (params) =>
  typeof params.id === 'string' && /^[A-Za-z0-9_.-]{1,128}$/.test(params.id);

/**
 * Only same-origin paths may be a post-login destination (the shared redirect policy, paths only): no scheme, no
 * `//host`, no backslashes, no dot segments that collapse into `//host`. Anything else falls back.
 */
export function safeReturnPath(value: string | null | undefined, fallback = '/'): string {
  return checkLocalPath(value) ?? fallback;
}
