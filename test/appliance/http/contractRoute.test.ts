/**
 * Routes registered from a contract (src/appliance/http/contractRoute.ts): the request is validated by the
 * contract's schemas (with the §5 formats), the answer is serialised by its response schema, and under tests an
 * answer the schema would cut (a field it does not name) fails loudly instead of reaching the console without it.
 */
import Fastify, { type FastifyInstance } from 'fastify';
import { Type } from '@sinclair/typebox';
import { contractRoute } from '../../../src/appliance/http/contractRoute';
import { applyApiConventions } from '../../../src/appliance/http/scope';
import { endpoint } from '../../../src/shared/contracts/endpoint';
import { nullable } from '../../../src/shared/contracts/fields';
import * as dns from '../../../src/shared/contracts/dns';

const Item = Type.Object({ id: Type.Integer(), name: Type.String(), note: nullable(Type.String()) });
const getItem = endpoint({
  method: 'GET',
  path: 'things/:id',
  params: Type.Object({ id: Type.String({ pattern: '^[0-9]+$' }) }, { additionalProperties: false }),
  response: Item,
  summary: 'One thing',
});

async function server(answer: Record<string, unknown>): Promise<FastifyInstance> {
  const app = Fastify();
  await app.register(async (scope) => {
    applyApiConventions(scope);
    contractRoute(scope, getItem, { access: 'session' }, async (req) => ({
      ...(answer as { id: number; name: string; note: string | null }),
      id: Number(req.params.id),
    }));
    contractRoute(scope, dns.putProxySettings, { access: 'session' }, async (req) => req.body);
  });
  await app.ready();
  return app;
}

const settings = {
  enabled: true,
  listen_interfaces: ['127.0.0.1'],
  port: 53,
  cache_size_mb: 4,
  dnssec: true,
};

describe('a contract route', () => {
  const env = process.env.NODE_ENV;
  afterEach(() => {
    process.env.NODE_ENV = env;
  });

  it('takes its method, path and params from the contract and answers the response schema', async () => {
    const app = await server({ name: 'a', note: null });
    const res = await app.inject({ method: 'GET', url: '/things/7' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ id: 7, name: 'a', note: null });
    expect((await app.inject({ method: 'GET', url: '/things/x' })).statusCode).toBe(422);
    await app.close();
  });

  it('validates the body with the contract’s §5 formats: IPv6 listen addresses are accepted, names refused', async () => {
    const app = await server({});
    const ok = await app.inject({
      method: 'PUT',
      url: '/dns/proxy/settings',
      payload: { ...settings, listen_interfaces: ['127.0.0.1', 'fd00::1'] },
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ ...settings, listen_interfaces: ['127.0.0.1', 'fd00::1'] });
    const bad = await app.inject({
      method: 'PUT',
      url: '/dns/proxy/settings',
      payload: { ...settings, listen_interfaces: ['dns.example.net'] },
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json()).toEqual({
      detail: [
        {
          loc: ['body', 'listen_interfaces', 0],
          msg: 'value is not a valid IPv4 or IPv6 address',
          type: 'value_error.ip',
        },
      ],
    });
    await app.close();
  });

  it('fails under tests when the answer holds a field its response schema does not name', async () => {
    const app = await server({ name: 'a', note: null, secret: 'x' });
    const res = await app.inject({ method: 'GET', url: '/things/7' });
    expect(res.statusCode).toBe(500);
    await app.close();
  });

  it('fails under tests when a field has the wrong type', async () => {
    const app = await server({ name: 'a', note: 5 });
    expect((await app.inject({ method: 'GET', url: '/things/7' })).statusCode).toBe(500);
    await app.close();
  });

  it('outside tests, sends only what the response schema names', async () => {
    process.env.NODE_ENV = 'production';
    const app = await server({ name: 'a', note: 'n', secret: 'x' });
    const res = await app.inject({ method: 'GET', url: '/things/7' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ id: 7, name: 'a', note: 'n' });
    await app.close();
  });
});

describe('endpoint()', () => {
  it('refuses a path whose params the contract does not declare, and a GET with a body', () => {
    expect(() => endpoint({ method: 'GET', path: 'things/:id', summary: 'x' })).toThrow(/params must be/);
    expect(() => endpoint({ method: 'GET', path: 'things', body: Type.Object({}), summary: 'x' })).toThrow(
      /takes no body/,
    );
  });
});
