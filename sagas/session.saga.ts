/**
 * Who is signed in: the console asks the appliance (GET {api}users/me) when the login cookie says a session
 * exists. A 401 means the cookie outlived its session, so the store stops claiming a login.
 */
import type { UnknownAction } from '@reduxjs/toolkit';
import { call, getContext, put, select, takeLeading } from 'redux-saga/effects';
import type { ApiClient, ApiResponse } from '../src/api/client';
import { isApiError } from '../src/api/errors';
import type * as consoleContract from '../src/shared/contracts/console';
import type { ResponseOf, Unchecked } from '../src/shared/contracts/endpoint';
import * as shell from '../src/shared/contracts/shell';
import { AREAS, type Privileges } from '../src/shared/privileges';
import type { RootState } from '../src/store/createStore';
import {
  loginStateRead,
  userLoaded,
  userRequested,
  type SessionUser,
} from '../src/store/slices/session.slice';

/** `console.getMe`'s answer, taken apart defensively (it grants privileges: anything unknown grants nothing). */
type Me = Unchecked<ResponseOf<typeof consoleContract.getMe>>;

/** Only known areas with `read` or `write` (anything else grants nothing). */
function parsePrivileges(raw: unknown): Privileges {
  const out: Privileges = {};
  if (!raw || typeof raw !== 'object') return out;
  for (const area of AREAS) {
    const p = (raw as Record<string, unknown>)[area];
    if (p === 'read' || p === 'write') out[area] = p;
  }
  return out;
}

export function parseUser(data: Me | undefined): SessionUser | null {
  if (!data || typeof data.username !== 'string') return null;
  return {
    username: data.username,
    role: data.role === 'admin' ? 'admin' : 'user',
    mustChangePassword: data.must_change_password === true,
    privileges: parsePrivileges(data.privileges),
  };
}

/**
 * What a who-am-I outcome becomes: the user of a 2xx answer; on a 401 the login cookie outlived its session, so
 * the store stops claiming a login; any other failure changes nothing (the main bar just shows no name).
 */
export function userActionFrom(
  outcome: { ok: true; data: unknown } | { ok: false; status?: number },
): UnknownAction | null {
  if (outcome.ok) return userLoaded(parseUser(outcome.data as Me | undefined));
  return outcome.status === 401 ? loginStateRead(false) : null;
}

export function* loadUser() {
  const state: RootState = yield select();
  if (!state.session.loggedIn || state.session.user) return;
  const api: ApiClient = yield getContext('api');
  try {
    // The route, not the contract: this saga is in the login page's first script, which carries no TypeBox.
    const res: ApiResponse<ResponseOf<typeof consoleContract.getMe>> = yield call(
      [api, api.call],
      shell.getMe,
      {},
      {
        apiBase: state.config.apiBase,
      },
    );
    yield put(userLoaded(parseUser(res.data)));
  } catch (e) {
    const action = userActionFrom({ ok: false, status: isApiError(e) ? e.status : undefined });
    if (action) yield put(action);
  }
}

export function* sessionSaga() {
  // takeLeading: one who-am-I per page; repeated requests while it is in flight are dropped.
  yield takeLeading(userRequested.type, loadUser);
}
