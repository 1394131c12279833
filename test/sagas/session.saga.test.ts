import { withCall, type ApiClient } from '../../src/api/client';
import { ApiError } from '../../src/api/errors';
import { createAppStore } from '../../src/store/createStore';
import { userRequested } from '../../src/store/slices/session.slice';
import { defaults, publicConfig } from '../../config';
import { parseUser, sessionSaga } from '../../sagas/session.saga';

function setup(request: jest.Mock, loggedIn: boolean) {
  const store = createAppStore({
    preloadedState: { config: publicConfig(defaults), session: { loggedIn, user: null } },
    context: { api: withCall({ request } as unknown as ApiClient), platform: 'browser' },
  });
  store.runSaga(sessionSaga);
  return store;
}
const tick = () => new Promise((r) => setTimeout(r, 0));

describe('who is signed in', () => {
  test('loads the user when the login cookie says so', async () => {
    const request = jest.fn().mockResolvedValue({
      status: 200,
      data: { username: 'admin', role: 'admin', must_change_password: false },
    });
    const store = setup(request, true);
    store.dispatch(userRequested());
    await tick();
    expect(request).toHaveBeenCalledWith('/api/users/me', expect.objectContaining({ method: 'GET' }));
    expect(store.getState().session.user).toEqual({
      username: 'admin',
      role: 'admin',
      mustChangePassword: false,
      privileges: {},
    });
  });

  test('asks nothing for an anonymous visitor', async () => {
    const request = jest.fn();
    const store = setup(request, false);
    store.dispatch(userRequested());
    await tick();
    expect(request).not.toHaveBeenCalled();
  });

  test('a 401 means the cookie outlived its session', async () => {
    const err = new ApiError({
      kind: 'bad_request',
      status: 401,
      message: 'x',
      url: '/api/users/me',
      method: 'GET',
    });
    const store = setup(jest.fn().mockRejectedValue(err), true);
    store.dispatch(userRequested());
    await tick();
    expect(store.getState().session).toEqual({ loggedIn: false, user: null });
  });

  test.each([
    [
      { username: 'u', role: 'user' },
      { username: 'u', role: 'user', mustChangePassword: false, privileges: {} },
    ],
    [
      { username: 'u', role: 'root' },
      { username: 'u', role: 'user', mustChangePassword: false, privileges: {} },
    ],
    [
      { username: 'u', role: 'user', privileges: { dns: 'read', ssh: 'write', shell: 'write', logs: 'all' } },
      { username: 'u', role: 'user', mustChangePassword: false, privileges: { dns: 'read', ssh: 'write' } },
    ],
    [{ role: 'admin' }, null],
    [undefined, null],
  ])('parseUser(%p) → %p', (input, expected) => expect(parseUser(input)).toEqual(expected));
});
