/**
 * First access (spec §2): a correct login of an account that must change its password goes to the change-password
 * page, which is pre-filled with the user name typed at the login. The name crosses the full page load in session
 * storage (this tab only) and is forgotten once the password has changed.
 */
import { useSyncExternalStore } from 'react';
import { readText, storageOf } from '../../../lib/storage';
import { useAppSelector } from '../../../store/createStore';

export const CHANGE_PASSWORD_PATH = '/change-password';
const FIRST_ACCESS_USER_KEY = 'rampart.firstAccessUser';

// Storage may be unavailable (server render, privacy mode): no pre-filling then.
const storage = () => storageOf('session');

/** Remembers the user name when the login sends the browser to the change-password page. */
export function rememberFirstAccessUser(target: string, username: string): void {
  const path = new URL(target, 'http://console.invalid').pathname.replace(/\/+$/, '');
  if (path === CHANGE_PASSWORD_PATH && username) storage()?.setItem(FIRST_ACCESS_USER_KEY, username);
}

export function forgetFirstAccessUser(): void {
  storage()?.removeItem(FIRST_ACCESS_USER_KEY);
}

const noSubscription = () => () => {};
const storedUser = () => readText('session', FIRST_ACCESS_USER_KEY) ?? '';
const serverSnapshot = () => '';

/** The user name to pre-fill: the first access's, else the logged-in user's; empty when unknown. */
export function useFirstAccessUser(): string {
  const stored = useSyncExternalStore(noSubscription, storedUser, serverSnapshot);
  const sessionUser = useAppSelector((s) => s.session.user?.username ?? '');
  return stored || sessionUser;
}
