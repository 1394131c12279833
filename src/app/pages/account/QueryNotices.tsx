/**
 * Query notices of the account pages (spec §2): `error=user_not_onboarded` (error toast), `notice=password_changed`
 * (info, 10 s), `notice=session_timeout` (info, effectively never dismissed), `notice=first_access_change`
 * (info, 10 s, on the change-password page). Raised once per page load.
 */
import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { IDENTITY_TOAST_MS } from '../../../identity/toasts';
import { ACCOUNT_NOTICE_DURATION_MS, PERSISTENT } from '../../../notifications/constants';
import { useAppDispatch } from '../../../store/createStore';
import { notificationRequested, type NotificationRequest } from '../../../store/slices/notifications.slice';

export const QUERY_NOTICES: Record<string, Omit<NotificationRequest, 'kind'>> = {
  // §9 identity area: error 4000 ms.
  'error=user_not_onboarded': {
    level: 'error',
    message: 'Your account has not been onboarded yet. Please contact your administrator.',
    duration: IDENTITY_TOAST_MS.error,
  },
  // A third-party sign-in that did not complete (the appliance's audit trail says why).
  'error=provider_sign_in_failed': {
    level: 'error',
    message: 'Sign-in with the provider did not complete. Please try again or contact your administrator.',
    duration: IDENTITY_TOAST_MS.error,
  },
  // §9 password-changed 10000 ms.
  'notice=password_changed': {
    level: 'info',
    message: 'Your password was changed. Please log in with the new password.',
    duration: ACCOUNT_NOTICE_DURATION_MS,
  },
  // §2 effectively never dismissed: -1 = stays until closed.
  'notice=session_timeout': {
    level: 'info',
    message: 'Your session has timed out. Please log in again.',
    duration: PERSISTENT,
  },
  // §2, §9 first access 10000 ms.
  'notice=first_access_change': {
    level: 'info',
    message: 'You must change your password on first access.',
    duration: ACCOUNT_NOTICE_DURATION_MS,
  },
};

export function QueryNotices() {
  const [params] = useSearchParams();
  const dispatch = useAppDispatch();
  const done = useRef(false);
  useEffect(() => {
    if (done.current) return;
    done.current = true;
    for (const key of ['error', 'notice']) {
      const notice = QUERY_NOTICES[`${key}=${params.get(key) ?? ''}`];
      if (notice) dispatch(notificationRequested({ kind: 'toast', ...notice }));
    }
  }, [params, dispatch]);
  return null;
}
