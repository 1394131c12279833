/**
 * The session gate in front of the API client: a sensitive change refused for want of a recent sign-in waits for the
 * user's re-authentication and is sent again with the same body; one prompt serves parallel refusals; a cancel, or
 * no signed-in layout to ask, leaves the refusal as it was; a timeout answer is reported.
 */
import { createApiClient } from '../../src/api/client';
import { isApiError } from '../../src/api/errors';
import { createSessionGate, withSessionGate, type SessionGateEvent } from '../../src/api/sessionGate';

const ORIGIN = 'http://console.test';
const REAUTH = {
  status: 403,
  body: JSON.stringify({ detail: { code: 'reauth_required', message: 'confirm' } }),
};
const TIMEOUT = {
  status: 401,
  body: JSON.stringify({ detail: 'Not authenticated', code: 'session_timeout' }),
};
const OK = { status: 200, body: JSON.stringify({ saved: true }) };

function setup(replies: Array<{ status: number; body: string }>) {
  const calls: Array<{ url: string; method?: string; body?: unknown }> = [];
  const fetch = (async (url: string, init: RequestInit) => {
    calls.push({ url, method: init.method, body: init.body });
    const r = replies.shift() ?? OK;
    return new Response(r.body, { status: r.status, headers: { 'content-type': 'application/json' } });
  }) as unknown as typeof globalThis.fetch;
  const gate = createSessionGate();
  const events: SessionGateEvent[] = [];
  const api = withSessionGate(createApiClient({ fetch, origin: ORIGIN, readCookie: () => 'x' }), gate);
  return { api, gate, calls, events };
}

it('re-sends the refused change with the same body once the user re-authenticated', async () => {
  const t = setup([REAUTH, OK]);
  t.gate.subscribe((e) => {
    t.events.push(e);
    if (e === 'reauth') setTimeout(() => t.gate.settle(true), 0);
  });
  const form = { attempts: 6, window_seconds: 900, duration_seconds: 900 };
  const res = await t.api.put('/api/config/lockout', form);
  expect(res.data).toEqual({ saved: true });
  expect(t.events).toEqual(['reauth']);
  expect(t.calls).toHaveLength(2);
  expect(t.calls[1]).toEqual({
    url: `${ORIGIN}/api/config/lockout`,
    method: 'PUT',
    body: JSON.stringify(form),
  });
  expect(t.calls[1].body).toBe(t.calls[0].body);
});

it('asks once for parallel refusals and retries each', async () => {
  const t = setup([REAUTH, REAUTH, OK, OK]);
  t.gate.subscribe((e) => {
    t.events.push(e);
    if (e === 'reauth') setTimeout(() => t.gate.settle(true), 10);
  });
  const [a, b] = await Promise.all([
    t.api.post('/api/users', { username: 'a' }),
    t.api.delete('/api/users/2'),
  ]);
  expect(a.status).toBe(200);
  expect(b.status).toBe(200);
  expect(t.events).toEqual(['reauth']);
  expect(t.calls.map((c) => c.method)).toEqual(['POST', 'DELETE', 'POST', 'DELETE']);
});

it('a cancelled re-authentication fails the change as refused, without sending it again', async () => {
  const t = setup([REAUTH]);
  t.gate.subscribe((e) => e === 'reauth' && setTimeout(() => t.gate.settle(false), 0));
  const err = await t.api.put('/api/ssh/password', { new_password: 'x' }).catch((e: unknown) => e);
  expect(isApiError(err) && err.status).toBe(403);
  expect(t.calls).toHaveLength(1);
});

it('with nobody to ask (no signed-in layout) the refusal stands at once', async () => {
  const t = setup([REAUTH]);
  await expect(t.api.put('/api/ssh/password', {})).rejects.toMatchObject({ status: 403 });
});

it('a second refusal after re-authenticating is final', async () => {
  const t = setup([REAUTH, REAUTH]);
  t.gate.subscribe((e) => e === 'reauth' && setTimeout(() => t.gate.settle(true), 0));
  await expect(t.api.put('/api/ssh/password', {})).rejects.toMatchObject({ status: 403 });
  expect(t.calls).toHaveLength(2);
});

it('reports an answer saying the session timed out, and leaves other errors alone', async () => {
  const t = setup([
    TIMEOUT,
    { status: 401, body: '{"detail":"Not authenticated"}' },
    { status: 403, body: '{"detail":"no"}' },
  ]);
  t.gate.subscribe((e) => t.events.push(e));
  await expect(t.api.get('/api/users/me')).rejects.toMatchObject({ status: 401 });
  await expect(t.api.get('/api/users/me')).rejects.toMatchObject({ status: 401 });
  await expect(t.api.put('/api/config/lockout', {})).rejects.toMatchObject({ status: 403 });
  expect(t.events).toEqual(['ended']);
});
