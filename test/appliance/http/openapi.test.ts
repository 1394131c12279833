/** How the OpenAPI generator turns a registered route into an operation (src/appliance/http/openapi.ts). */
import { Type } from '@sinclair/typebox';
import { describeAccess, type Access } from '../../../src/shared/access';
import { issueToken, listUsers, usersQuery } from '../../../src/shared/contracts/authentication';
import { fastifySchemaOf } from '../../../src/appliance/http/contractRoute';
import { buildOpenApi, openApiPath, operationIdOf, tagOf } from '../../../src/appliance/http/openapi';
import type { DeclaredRoute } from '../../../src/appliance/http/routeAccess';

const ctx = { apiPrefix: '/api', authPrefix: '/api/auth' };
const route = (
  method: string,
  url: string,
  access: Access,
  more: Partial<DeclaredRoute> = {},
): DeclaredRoute => ({
  method,
  url,
  access,
  who: describeAccess(access, method),
  reauth: false,
  cookieless: false,
  ...more,
});
type Op = Record<string, unknown> & {
  parameters?: Array<Record<string, unknown>>;
  responses: Record<string, unknown>;
  requestBody?: { content: Record<string, { schema: Record<string, unknown> }> };
};
const opOf = (doc: Record<string, unknown>, path: string, method: string) =>
  (doc.paths as Record<string, Record<string, Op>>)[path][method];

it('names paths, operations and areas from the route', () => {
  expect(openApiPath('/api/users/:id/sessions')).toBe('/api/users/{id}/sessions');
  expect(operationIdOf('DELETE', '/api/users/{id}/second-factors')).toBe('deleteApiUsersByIdSecondFactors');
  expect(operationIdOf('GET', '/api/menu/')).toBe('getApiMenu');
  expect(tagOf('/api/users/:id', '/api')).toBe('users');
  expect(tagOf('/api/auth/token', '/api')).toBe('auth');
  expect(tagOf('/eos/jobs/:id', '/api')).toBe('eos');
});

it('documents parameters, body, access, security and error answers of a route', () => {
  const doc = buildOpenApi(
    [
      route(
        'GET',
        '/api/users',
        { area: 'authentication' },
        { schema: { querystring: usersQuery, response: { 200: listUsers.response } } },
      ),
      route('HEAD', '/api/users', { area: 'authentication' }, { schema: { querystring: usersQuery } }),
      route('PUT', '/api/users/:id', 'admin', {
        reauth: true,
        schema: {
          params: Type.Object({ id: Type.String({ pattern: '^[0-9]+$' }) }),
          body: Type.Object({ email: Type.String(), groups: Type.Optional(Type.Array(Type.Integer())) }),
        },
      }),
      // A contract whose body is taken as a form too (`form`): both media types are listed.
      route('POST', '/api/auth/token', 'public', { cookieless: true, schema: fastifySchemaOf(issueToken) }),
    ],
    ctx,
  );
  expect(Object.keys((doc.paths as Record<string, Record<string, unknown>>)['/api/users'])).toEqual(['get']);

  const list = opOf(doc, '/api/users', 'get');
  expect(list.parameters?.map((p) => [p.name, p.in, p.required])).toEqual(
    expect.arrayContaining([
      ['page', 'query', false],
      ['sort', 'query', false],
      ['q', 'query', false],
    ]),
  );
  expect(list.parameters?.find((p) => p.name === 'q')?.description).toBe('Text the rows contain (any case).');
  // The page of its contract: the items' schema, the total and the page's place.
  expect(list.responses['200']).toMatchObject({
    content: {
      'application/json': {
        schema: {
          required: expect.arrayContaining(['data', 'total', 'page', 'per_page']),
          properties: { data: { type: 'array', items: { properties: { username: { type: 'string' } } } } },
        },
      },
    },
  });
  expect(list.security).toEqual([{ sessionCookie: [] }, { bearerToken: [] }]);
  expect(list['x-rampart-access']).toEqual({
    access: { area: 'authentication' },
    who: 'the read privilege of the authentication area (admins always)',
    reauth: false,
    cookieless: false,
  });

  const put = opOf(doc, '/api/users/{id}', 'put');
  expect(put.parameters).toEqual([
    { name: 'id', in: 'path', required: true, schema: { type: 'string', pattern: '^[0-9]+$' } },
    // A configuration write takes the reason its revision records.
    {
      name: 'X-Change-Reason',
      in: 'header',
      required: false,
      description: 'Why the change is made; recorded with its revision (`GET revisions`).',
      schema: { type: 'string', maxLength: 500 },
    },
  ]);
  expect(put.requestBody?.content['application/json'].schema).toMatchObject({
    required: ['email'],
    properties: { email: { type: 'string' }, groups: { type: 'array' } },
  });
  expect(put.security).toEqual([{ sessionCookie: [], xsrfHeader: [] }, { bearerToken: [] }]);
  expect(put.description).toContain('Needs a recent sign-in');
  expect(Object.keys(put.responses).sort()).toEqual(['200', '401', '403', '404', '409', '422']);
  expect(put.responses['422']).toEqual({ $ref: '#/components/responses/ValidationError' });

  const token = opOf(doc, '/api/auth/token', 'post');
  expect(token.security).toEqual([]);
  expect(Object.keys(token.requestBody?.content ?? {})).toEqual([
    'application/json',
    'application/x-www-form-urlencoded',
  ]);
  expect(token.description).toContain('Cookieless');
  expect(token.responses['401']).toBeUndefined();
});
