/** Authentication page actions and screen types (spec §2). */
import { data, type LoaderFunctionArgs } from 'react-router';
import { notFound } from '../../routing/guards';

export const AUTH_ACTIONS = [
  'signup',
  'login',
  'change-password',
  'recovery',
  'verification',
  'logout',
  'verified',
  'settings',
  'error',
] as const;
export type AuthAction = (typeof AUTH_ACTIONS)[number];
export const isAuthAction = (v: string | undefined): v is AuthAction =>
  (AUTH_ACTIONS as readonly string[]).includes(v ?? '');

export const SCREEN_TYPES = ['login', 'signup', 'recover'] as const;
export type ScreenType = (typeof SCREEN_TYPES)[number];
export const isScreenType = (v: string | undefined): v is ScreenType =>
  (SCREEN_TYPES as readonly string[]).includes(v ?? '');

/** Titles by action, with the Local variant when local authentication is forced or preferred. */
export const actionTitles: Record<AuthAction, { title: string; local: string }> = {
  signup: { title: 'Sign up', local: 'Sign up (local)' },
  login: { title: 'Log in', local: 'Log in with a local account' },
  'change-password': { title: 'Change password', local: 'Change local password' },
  recovery: { title: 'Password recovery', local: 'Local password recovery' },
  verification: { title: 'Verify your account', local: 'Verify your local account' },
  logout: { title: 'Log out', local: 'Log out' },
  verified: { title: 'Account verified', local: 'Account verified' },
  settings: { title: 'Account settings', local: 'Account settings' },
  error: { title: 'Something went wrong', local: 'Something went wrong' },
};

export const screenTitles: Record<ScreenType, string> = {
  login: 'Log in',
  signup: 'Sign up',
  recover: 'Password recovery',
};

/** /{action}: an unknown action is a 404 naming the path. */
export function actionLoader({ params, request }: LoaderFunctionArgs) {
  if (!isAuthAction(params.action)) notFound(request);
  return null;
}

/** /account/{type}: any type but login, signup and recover is a server error (spec §2). */
export function screenLoader({ params }: LoaderFunctionArgs) {
  if (!isScreenType(params.type))
    throw data('Unsupported authentication type', {
      status: 500,
      statusText: 'Unsupported authentication type',
    });
  return null;
}
