import { resourcesSaga } from '../../sagas/resources.saga';
import { statusMessages } from '../../src/api/errorCatalogue';
import { ApiError } from '../../src/api/errors';
import { progressUpdated } from '../../src/store/slices/progress.slice';
import {
  entityLoadRequested,
  resourceLoadRequested,
  resourceKeyOf,
  resourceSaveRequested,
  saveOf,
  selectResource,
} from '../../src/store/slices/resources.slice';
import * as dns from '../../src/shared/contracts/dns';
import { fakeApi, flush, makeTestStore } from './fakes';

const until = async (check: () => boolean) => {
  for (let i = 0; i < 50 && !check(); i += 1) await flush(5);
  expect(check()).toBe(true);
};

/** `held`: keys a view has already loaded (a save reloads only those). */
function setup(routes: Parameters<typeof fakeApi>[0], held: Record<string, unknown> = {}) {
  const { api, calls } = fakeApi(routes);
  const entries = Object.fromEntries(
    Object.entries(held).map(([key, data]) => [key, { data, status: 'loaded' as const }]),
  );
  const store = makeTestStore({
    api,
    state: { session: { loggedIn: true, user: null }, resources: { entries, saves: {} } },
  });
  store.runSaga(resourcesSaga);
  return { store, calls };
}

const unprocessable = (loc: string[], msg: string) =>
  new ApiError({
    kind: 'bad_request',
    status: 422,
    message: 'Request failed with status code 422',
    url: '/api/ssh/config/settings',
    method: 'PUT',
    data: { detail: [{ loc, msg, type: 'value_error.number.not_le' }] },
  });

test('loads a resource by key from the API base', async () => {
  let port = 22;
  const { store, calls } = setup({ 'GET /api/ssh/config': () => ({ settings: { port } }) });
  store.dispatch(resourceLoadRequested({ key: 'ssh/config' }));
  expect(selectResource('ssh/config')(store.getState()).status).toBe('loading');
  await until(() => selectResource('ssh/config')(store.getState()).status === 'loaded');
  expect(selectResource('ssh/config')(store.getState()).data).toEqual({ settings: { port: 22 } });
  // A reload keeps the data on screen (no loading flash) and replaces it when the answer comes.
  port = 2222;
  store.dispatch(resourceLoadRequested({ key: 'ssh/config' }));
  expect(selectResource('ssh/config')(store.getState())).toMatchObject({
    status: 'loaded',
    data: { settings: { port: 22 } },
  });
  await until(
    () =>
      (selectResource('ssh/config')(store.getState()).data as { settings: { port: number } }).settings
        .port === 2222,
  );
  expect(calls.map((c) => c.url)).toEqual(['/api/ssh/config', '/api/ssh/config']);
});

test('a failed first load is marked failed with its status and reported through the error handler', async () => {
  const { store } = setup({});
  store.dispatch(resourceLoadRequested({ key: 'dns/proxy' }));
  await until(() => selectResource('dns/proxy')(store.getState()).status === 'failed');
  expect(selectResource('dns/proxy')(store.getState()).error).toEqual({ status: 404 });
  await until(() => store.getState().notifications.toasts.length === 1);
});

test("an entity's 404 is said by its detail page alone: no toast; its other failures still reach the handler", async () => {
  const serverError = new ApiError({
    kind: 'bad_response',
    status: 500,
    message: 'Request failed with status code 500',
    url: '/api/system/certificates/broken',
    method: 'GET',
  });
  const { store, calls } = setup({
    'GET /api/system/certificates/broken': () => {
      throw serverError;
    },
  });
  const notifications = () => store.getState().notifications;
  store.dispatch(entityLoadRequested('system/certificates/unknown'));
  await until(() => selectResource('system/certificates/unknown')(store.getState()).status === 'failed');
  expect(selectResource('system/certificates/unknown')(store.getState()).error).toEqual({ status: 404 });
  // The same entity answering 500 toasts; once that toast is there, the earlier 404 has long been handled.
  store.dispatch(entityLoadRequested('system/certificates/broken'));
  await until(() => selectResource('system/certificates/broken')(store.getState()).status === 'failed');
  await until(() => notifications().toasts.length === 1);
  await flush(20);
  expect(notifications().toasts.map((t) => t.message)).toEqual([statusMessages[500]]);
  expect(notifications().banners).toEqual([]);
  expect(calls.map((c) => c.url)).toEqual([
    '/api/system/certificates/unknown',
    '/api/system/certificates/broken',
  ]);
});

test('a load that got no answer records no status; asked again, the old failure is gone until it answers', async () => {
  let fail = true;
  const { store } = setup({
    'GET /api/dns/proxy': () => {
      if (fail)
        throw new ApiError({
          kind: 'network',
          message: 'Network error',
          url: '/api/dns/proxy',
          method: 'GET',
        });
      return { servers: [] };
    },
  });
  store.dispatch(resourceLoadRequested({ key: 'dns/proxy' }));
  await until(() => selectResource('dns/proxy')(store.getState()).status === 'failed');
  expect(selectResource('dns/proxy')(store.getState()).error?.status).toBeUndefined();
  fail = false;
  store.dispatch(resourceLoadRequested({ key: 'dns/proxy' }));
  expect(selectResource('dns/proxy')(store.getState())).toEqual({ status: 'loading' });
  await until(() => selectResource('dns/proxy')(store.getState()).status === 'loaded');
  expect(selectResource('dns/proxy')(store.getState())).toEqual({ status: 'loaded', data: { servers: [] } });
});

test('a failed reload keeps the data shown and records why it failed', async () => {
  let status = 200;
  const { store } = setup({
    'GET /api/dns/proxy': () => {
      if (status !== 200)
        throw new ApiError({
          kind: 'bad_response',
          status,
          message: `Request failed with status code ${status}`,
          url: '/api/dns/proxy',
          method: 'GET',
        });
      return { servers: ['9.9.9.9'] };
    },
  });
  store.dispatch(resourceLoadRequested({ key: 'dns/proxy' }));
  await until(() => selectResource('dns/proxy')(store.getState()).status === 'loaded');
  status = 500;
  store.dispatch(resourceLoadRequested({ key: 'dns/proxy' }));
  await until(() => selectResource('dns/proxy')(store.getState()).error !== undefined);
  expect(selectResource('dns/proxy')(store.getState())).toEqual({
    status: 'loaded',
    data: { servers: ['9.9.9.9'] },
    error: { status: 500 },
  });
  // The handler reported it once, as any failed load.
  await until(() => store.getState().notifications.toasts.length === 1);
});

test('a save sends the change, shows a toast and reloads its key and the keys it names', async () => {
  const { store, calls } = setup(
    {
      'PUT /api/ssh/config/settings': () => ({ port: 2222 }),
      'GET /api/ssh/config': () => ({ settings: { port: 2222 } }),
      'GET /api/ssh/config/preview': () => ({ files: [] }),
    },
    { 'ssh/config': {}, 'ssh/config/preview': {} },
  );
  const action = resourceSaveRequested({
    key: 'ssh/config',
    method: 'PUT',
    path: 'ssh/config/settings',
    body: { port: 2222 },
    message: 'Saved.',
    refresh: ['ssh/config/preview'],
  });
  store.dispatch(action);
  expect(store.getState().resources.saves[action.payload.requestId]).toBe('pending');
  await until(() => calls.length === 3);
  expect(store.getState().resources.saves[action.payload.requestId]).toBe('done');
  expect(calls.map((c) => `${c.method} ${c.url}`)).toEqual([
    'PUT /api/ssh/config/settings',
    'GET /api/ssh/config',
    'GET /api/ssh/config/preview',
  ]);
  expect(calls[0].body).toEqual({ port: 2222 });
  expect(store.getState().notifications.toasts).toEqual([
    expect.objectContaining({ level: 'success', message: 'Saved.' }),
  ]);
});

test('a save reloads only what a view holds: the list page on screen, never a whole list nobody loaded', async () => {
  const page = 'pki/certificates?page=1&per_page=50&sort=-created_at';
  const { store, calls } = setup(
    {
      'POST /api/pki/certificates/c1/revoke': () => ({}),
      'GET /api/pki/cas': () => ({ data: [] }),
    },
    { [page]: { data: [], total: 0 }, 'pki/cas': { data: [] } },
  );
  const action = resourceSaveRequested({
    key: 'pki/certificates',
    method: 'POST',
    path: 'pki/certificates/c1/revoke',
    refresh: ['pki/cas', 'pki/crls'],
  });
  store.dispatch(action);
  await until(() => store.getState().resources.saves[action.payload.requestId] === 'done');
  await flush(10);
  // The held authorities reload; the cached page is forgotten, so its view asks again; neither the whole
  // certificate list nor the revocation lists, which nobody showed, are asked for.
  expect(calls.map((c) => `${c.method} ${c.url}`)).toEqual([
    'POST /api/pki/certificates/c1/revoke',
    'GET /api/pki/cas',
  ]);
  expect(selectResource(page)(store.getState()).status).toBe('idle');
});

test('a refused save puts the pydantic field error under its field and reloads nothing', async () => {
  const { store, calls } = setup({
    'PUT /api/ssh/config/settings': () => {
      throw unprocessable(['body', 'port'], 'ensure this value is less than or equal to 65535');
    },
  });
  const action = resourceSaveRequested({
    key: 'ssh/config',
    method: 'PUT',
    path: 'ssh/config/settings',
    body: { port: 70000 },
  });
  store.dispatch(action);
  await until(() => store.getState().resources.saves[action.payload.requestId] === 'failed');
  await until(() => store.getState().fieldErrors.port !== undefined);
  expect(store.getState().fieldErrors.port).toMatch(/65535/);
  expect(calls).toHaveLength(1);
});

test('a save answered by a job starts the progress overlay and reloads once the job ended', async () => {
  const { store, calls } = setup(
    {
      'POST /api/dns/proxy/apply': () => ({ id: 'job-1', status: 'running' }),
      'GET /api/dns/proxy': () => ({ status: { pending_changes: false } }),
    },
    { 'dns/proxy': {} },
  );
  store.dispatch(
    resourceSaveRequested({ key: 'dns/proxy', method: 'POST', path: 'dns/proxy/apply', job: true }),
  );
  await until(() => store.getState().progress.jobId === 'job-1');
  await flush(10);
  expect(calls).toHaveLength(1);
  const view = {
    id: 'job-1',
    dataType: 'config' as const,
    totalSteps: 4,
    stepNumber: 4,
    details: [],
    progressPercentage: 100,
  };
  store.dispatch(progressUpdated({ ...view, status: 'running' }));
  await flush(10);
  expect(calls).toHaveLength(1);
  store.dispatch(progressUpdated({ ...view, status: 'done' }));
  await until(() => calls.length === 2);
  expect(calls[1].url).toBe('/api/dns/proxy');
});

test('a save described by its endpoint goes to the contract’s method and path, with the params filled in', async () => {
  const body = { address: 'fd00::53', port: 53, tls: false, tls_name: '' };
  const { store, calls } = setup(
    {
      'PUT /api/dns/proxy/upstreams/3': () => ({ ...body, id: 3 }),
      'GET /api/dns/proxy': () => ({ upstreams: [{ ...body, id: 3 }] }),
    },
    { [resourceKeyOf(dns.getProxy)]: {} },
  );
  const action = resourceSaveRequested(
    saveOf({
      endpoint: dns.upstreams.replace,
      params: { id: '3' },
      body,
      key: resourceKeyOf(dns.getProxy),
      message: 'Upstream server saved.',
    }),
  );
  store.dispatch(action);
  await until(() => calls.length === 2);
  expect(calls.map((c) => `${c.method} ${c.url}`)).toEqual([
    'PUT /api/dns/proxy/upstreams/3',
    'GET /api/dns/proxy',
  ]);
  expect(calls[0].body).toEqual(body);
  expect(store.getState().resources.saves[action.payload.requestId]).toBe('done');
});

test('an endpoint’s resource key is its path with the query sorted, so one question is one entry', () => {
  expect(resourceKeyOf(dns.getProxy)).toBe('dns/proxy');
  expect(resourceKeyOf(dns.getQueryTop, { query: { to: '9', from: '5' } })).toBe(
    'dns/queries/top?from=5&to=9',
  );
});
