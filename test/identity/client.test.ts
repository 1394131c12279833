import { createActor, toPromise } from 'xstate';
import { createIdentityActors, createIdentityApi, identityActorsFor } from '../../src/identity/client';
import type { IdentityFlow } from '../../src/identity/flow';

const flow: IdentityFlow = {
  id: 'f1',
  ui: {
    action: 'https://console.example/identity/self-service/registration?flow=f1',
    method: 'POST',
    nodes: [
      {
        type: 'input',
        group: 'default',
        attributes: {
          node_type: 'input',
          name: 'csrf_token',
          type: 'hidden',
          value: 'csrf',
          disabled: false,
        },
        messages: [],
        meta: {},
      },
      {
        type: 'input',
        group: 'default',
        attributes: { node_type: 'input', name: 'traits.email', type: 'email', disabled: false },
        messages: [],
        meta: {},
      },
      {
        type: 'input',
        group: 'default',
        attributes: { node_type: 'input', name: 'traits.department', type: 'text', disabled: false },
        messages: [],
        meta: {},
      },
    ] as IdentityFlow['ui']['nodes'],
  },
};

function fakeIdentity(respond: (url: string, init: RequestInit) => { status: number; body: unknown }) {
  const calls: Array<{ url: string; init: RequestInit }> = [];
  const fetchApi = (async (url: string, init: RequestInit) => {
    calls.push({ url, init });
    const r = respond(url, init);
    return new Response(JSON.stringify(r.body), {
      status: r.status,
      headers: { 'content-type': 'application/json' },
    });
  }) as unknown as typeof fetch;
  const actors = createIdentityActors(createIdentityApi('/identity', 'https://console.example', fetchApi));
  return { calls, actors };
}

describe('identity client over the SDK', () => {
  it.each(['registration', 'login', 'recovery', 'verification', 'settings'] as const)(
    'sends a page token as a bearer authorization when a %s flow loads (spec §7)',
    async (kind) => {
      const { calls, actors } = fakeIdentity(() => ({ status: 200, body: flow }));
      await toPromise(createActor(actors.loadFlow, { input: { kind, token: 't0k' } }).start());
      await toPromise(createActor(actors.loadFlow, { input: { kind, flowId: 'f1', token: 't0k' } }).start());
      await toPromise(createActor(actors.loadFlow, { input: { kind } }).start());
      const auth = calls.map((c) => new Headers(c.init.headers).get('Authorization'));
      expect(auth).toEqual(['Bearer t0k', 'Bearer t0k', null]);
      expect(new Headers(calls[0].init.headers).get('Accept')).toBe('application/json');
    },
  );

  it('builds one identity client per services object and identity base', () => {
    const source = { origin: 'https://console.example' };
    expect(identityActorsFor(source, '/identity')).toBe(identityActorsFor(source, '/identity'));
    expect(identityActorsFor(source, '/other')).not.toBe(identityActorsFor(source, '/identity'));
    expect(identityActorsFor({ ...source }, '/identity')).not.toBe(identityActorsFor(source, '/identity'));
  });

  it('creates a browser flow with JSON negotiated and cookies included', async () => {
    const { calls, actors } = fakeIdentity(() => ({ status: 200, body: flow }));
    const out = await toPromise(
      createActor(actors.loadFlow, { input: { kind: 'registration', returnTo: '/dns/proxy' } }).start(),
    );
    expect(out.id).toBe('f1');
    expect(calls[0].url).toBe(
      'https://console.example/identity/self-service/registration/browser?return_to=%2Fdns%2Fproxy',
    );
    expect((calls[0].init.headers as Record<string, string>).Accept).toBe('application/json');
    expect(calls[0].init.credentials).toBe('include');
  });

  it('fetches an existing flow by id', async () => {
    const { calls, actors } = fakeIdentity(() => ({ status: 200, body: flow }));
    await toPromise(createActor(actors.loadFlow, { input: { kind: 'verification', flowId: 'abc' } }).start());
    expect(calls[0].url).toBe('https://console.example/identity/self-service/verification/flows?id=abc');
  });

  it('submits the flow values as they are, extra fields included', async () => {
    const { calls, actors } = fakeIdentity(() => ({
      status: 200,
      body: { identity: { id: 'i' }, continue_with: [] },
    }));
    const out = await toPromise(
      createActor(actors.submitFlow, {
        input: {
          kind: 'registration',
          flow,
          values: { 'traits.email': 'a@b.c', 'traits.department': 'ops', password: 'pw', method: 'password' },
        },
      }).start(),
    );
    expect(out).toEqual({ type: 'complete', completion: { identity: { id: 'i' }, continue_with: [] } });
    expect(calls[0].url).toBe('https://console.example/identity/self-service/registration?flow=f1');
    expect(calls[0].init.method).toBe('POST');
    expect(JSON.parse(String(calls[0].init.body))).toEqual({
      traits: { email: 'a@b.c', department: 'ops' },
      password: 'pw',
      method: 'password',
      csrf_token: 'csrf',
    });
  });

  it('returns the updated flow of recovery, verification and settings', async () => {
    const { actors } = fakeIdentity(() => ({ status: 200, body: { ...flow, state: 'sent_email' } }));
    const out = await toPromise(
      createActor(actors.submitFlow, {
        input: { kind: 'recovery', flow, values: { email: 'a@b.c', method: 'code' } },
      }).start(),
    );
    expect(out).toMatchObject({ type: 'flow', flow: { state: 'sent_email' } });
  });

  it('reports HTTP failures with their status and JSON body', async () => {
    const body = { error: { id: 'session_inactive', code: 401 } };
    const { actors } = fakeIdentity(() => ({ status: 401, body }));
    await expect(
      toPromise(createActor(actors.loadFlow, { input: { kind: 'settings' } }).start()),
    ).rejects.toEqual({ status: 401, body });
  });

  it('reports a network failure as status 0', async () => {
    const fetchApi = (async () => {
      throw new TypeError('Failed to fetch');
    }) as unknown as typeof fetch;
    const actors = createIdentityActors(
      createIdentityApi('https://id.example/', 'https://console.example', fetchApi),
    );
    await expect(toPromise(createActor(actors.createLogout, { input: {} }).start())).rejects.toEqual({
      status: 0,
      body: null,
    });
  });

  it('creates the logout URL', async () => {
    const { calls, actors } = fakeIdentity(() => ({
      status: 200,
      body: { logout_url: '/identity/self-service/logout?token=t', logout_token: 't' },
    }));
    const out = await toPromise(createActor(actors.createLogout, { input: { returnTo: '/login/' } }).start());
    expect(out.logout_url).toBe('/identity/self-service/logout?token=t');
    expect(calls[0].url).toBe(
      'https://console.example/identity/self-service/logout/browser?return_to=%2Flogin%2F',
    );
  });
});
