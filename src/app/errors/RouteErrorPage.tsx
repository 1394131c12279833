/** The router's error element: turns whatever a route threw into the error page's status, path and message. */
import { isRouteErrorResponse, useLocation, useRouteError } from 'react-router';
import { ErrorPage } from './ErrorPage';

export function describeRouteError(
  error: unknown,
  pathname: string,
): { status: number; path?: string; message?: string } {
  if (isRouteErrorResponse(error)) {
    const data = error.data as unknown;
    if (error.status === 404) {
      const path =
        data && typeof data === 'object' && 'path' in data
          ? String((data as { path: unknown }).path)
          : pathname;
      return { status: 404, path };
    }
    const message = typeof data === 'string' && data ? data : error.statusText;
    return { status: error.status, message };
  }
  return { status: 500 };
}

export function RouteErrorPage() {
  const error = useRouteError();
  const { pathname } = useLocation();
  return <ErrorPage {...describeRouteError(error, pathname)} />;
}

/** The page of the catch-all route (its loader already answers 404, so the error element usually shows this). */
export function NotFoundPage() {
  const { pathname } = useLocation();
  return <ErrorPage status={404} path={pathname} />;
}
