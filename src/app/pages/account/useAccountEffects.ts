/**
 * The effects the account machines ask for, implemented once for every account screen: toasts through the
 * notification center (§9 identity durations), failures reported to the one error handler (worded by the §8
 * catalogue, field errors marked on their inputs), and redirects that are checked against the console's and the
 * identity service's origins before the browser goes anywhere.
 */
import { useCallback, useMemo } from 'react';
import { useNavigate } from 'react-router';
import { errorCaught } from '../../../store/slices/errors.actions';
import { useAppDispatch, useAppSelector } from '../../../store/createStore';
import { notificationRequested, type NotificationLevel } from '../../../store/slices/notifications.slice';
import {
  checkRedirect,
  consoleRedirectPolicy,
  safeRedirect,
  type RedirectPolicy,
} from '../../../identity/redirects';
import { useServices } from '../../services';

export interface AccountEffects {
  policy: RedirectPolicy;
  notify: (toast: { level: NotificationLevel; message: string; duration: number }) => void;
  /** Sends a failure to the one error handler (spec §8), which words it and marks field errors. */
  reportError: (error: unknown) => void;
  /**
   * Same-origin paths navigate in the app unless `fullLoad`; other allowed origins load the page; others are
   * refused for `fallback` (default `/`).
   */
  redirect: (to: string, fullLoad?: boolean, fallback?: string) => void;
}

/** Full page loads go through here (one place to observe them in tests). */
export const pageLoader = { assign: (url: string) => window.location.assign(url) };

export function useAccountEffects(): AccountEffects {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const identityBase = useAppSelector((s) => s.config.identityBase);
  const redirectOrigins = useAppSelector((s) => s.config.redirectOrigins);
  const { origin } = useServices();
  const policy = useMemo<RedirectPolicy>(
    () => consoleRedirectPolicy(origin, { identityBase, redirectOrigins }),
    [origin, identityBase, redirectOrigins],
  );
  const notify = useCallback<AccountEffects['notify']>(
    ({ level, message, duration }) =>
      dispatch(notificationRequested({ kind: 'toast', level, message, duration })),
    [dispatch],
  );
  const reportError = useCallback((error: unknown) => dispatch(errorCaught(error)), [dispatch]);
  const redirect = useCallback(
    (to: string, fullLoad = false, fallback = '/') => {
      const target = safeRedirect(to, policy, fallback);
      const external = /^https?:\/\//i.test(target);
      if (fullLoad || external) pageLoader.assign(target);
      else void navigate(target);
    },
    [navigate, policy],
  );
  // One object per configuration, so machines built from it are not rebuilt on every render.
  return useMemo(() => ({ policy, notify, reportError, redirect }), [policy, notify, reportError, redirect]);
}

/** An image address from the setup (logo, cover): same-origin paths, data images or an allowed origin only. */
export function safeImageUrl(value: string | null | undefined, policy: RedirectPolicy): string | null {
  if (!value) return null;
  if (/^data:image\/(png|jpe?g|gif|webp|svg\+xml);base64,[a-z0-9+/=]+$/i.test(value)) return value;
  return checkRedirect(value, policy);
}
