/** @jest-environment ./test/support/jsdom-environment.js */
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { ApiClient } from '../../../../src/api/client';
import { ApiError } from '../../../../src/api/errors';
import { ServicesProvider } from '../../../../src/app/services';
import { ApiReferenceScreen, type OpenApiDocument } from '../../../../src/app/pages/help/ApiReferencePage';
import { resourcesSaga } from '../../../../sagas/resources.saga';
import { fakeApi, makeTestStore } from '../../../sagas/fakes';
import { seriousViolations } from '../../../widgets/support/axe';

const doc: OpenApiDocument = {
  info: { version: '0.1.0' },
  components: { securitySchemes: {} },
  paths: {
    '/api/users': {
      get: {
        operationId: 'getApiUsers',
        tags: ['users'],
        parameters: [
          {
            name: 'sort',
            in: 'query',
            required: false,
            schema: { anyOf: [{ const: 'name' }, { const: '-name' }] },
          },
        ],
        'x-rampart-access': {
          who: 'the read privilege of the authentication area (admins always)',
          reauth: false,
          cookieless: false,
        },
      },
    },
    '/api/users/{id}': {
      delete: {
        operationId: 'deleteApiUsersById',
        tags: ['users'],
        parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }],
        'x-rampart-access': { who: 'admins only', reauth: true, cookieless: false },
      },
    },
    '/api/auth/token': {
      post: {
        operationId: 'postApiAuthToken',
        tags: ['auth'],
        requestBody: {
          content: {
            'application/json': {
              schema: {
                type: 'object',
                required: ['username', 'password'],
                properties: {
                  username: { type: 'string' },
                  password: { type: 'string' },
                  otp: { type: 'string' },
                },
              },
            },
          },
        },
        'x-rampart-access': { who: 'anyone', reauth: false, cookieless: true },
      },
    },
  },
};

function renderReference(api: ApiClient) {
  const store = makeTestStore({
    api,
    state: { session: { loggedIn: true, user: { username: 'admin', role: 'admin' } } },
  });
  store.runSaga(resourcesSaga);
  const router = createMemoryRouter([{ path: '/help/api', element: <ApiReferenceScreen /> }], {
    initialEntries: ['/help/api'],
  });
  return render(
    <Provider store={store}>
      <ServicesProvider services={{ api, origin: 'http://localhost' }}>
        <RouterProvider router={router} />
      </ServicesProvider>
    </Provider>,
  );
}

test('lists the endpoints by area with who may call them, re-authentication, parameters and body fields', async () => {
  const { api, calls } = fakeApi({ 'GET /api/openapi.json': () => doc });
  const { container } = renderReference(api);
  const users = await screen.findByRole('region', { name: 'users' });
  expect(calls.map((c) => c.url)).toEqual(['/api/openapi.json']);
  const list = within(users).getByRole('article', { name: 'GET /api/users' });
  expect(list).toHaveTextContent('the read privilege of the authentication area (admins always)');
  expect(list).toHaveTextContent('sort query, name | -name');
  expect(list).not.toHaveTextContent('Re-authentication');
  const remove = within(users).getByRole('article', { name: 'DELETE /api/users/{id}' });
  expect(remove).toHaveTextContent('admins only');
  expect(remove).toHaveTextContent('Re-authenticationNeeds a recent sign-in');
  const token = within(screen.getByRole('region', { name: 'auth' })).getByRole('article', {
    name: 'POST /api/auth/token',
  });
  expect(token).toHaveTextContent('anyone');
  expect(token).toHaveTextContent('username required, string');
  expect(token).toHaveTextContent('otp string');
  expect(token).toHaveTextContent('no XSRF header needed');

  const intro = screen.getByRole('region', { name: 'Signing in and errors' });
  expect(intro).toHaveTextContent('POST /api/auth/token');
  expect(intro).toHaveTextContent('Authorization: Bearer <token>');
  expect(intro).toHaveTextContent('"loc": ["body", "name"]');
  expect(screen.getByRole('link', { name: 'Download the OpenAPI document' })).toHaveAttribute(
    'href',
    '/api/openapi.json',
  );
  expect(await seriousViolations(container)).toEqual([]);
});

test('filters the endpoints by method or path and says when none matches', async () => {
  const user = userEvent.setup();
  const { api } = fakeApi({ 'GET /api/openapi.json': () => doc });
  renderReference(api);
  await screen.findByRole('region', { name: 'users' });
  const box = screen.getByRole('searchbox', { name: 'Filter endpoints' });
  await user.type(box, 'delete');
  expect(screen.getAllByRole('article').map((a) => a.getAttribute('aria-label'))).toEqual([
    'DELETE /api/users/{id}',
  ]);
  expect(screen.getByRole('status')).toHaveTextContent('1 endpoints match.');
  await user.type(box, ' zebra');
  expect(screen.getByRole('note')).toHaveTextContent('No endpoint matches');
});

test('says so when the document cannot be read', async () => {
  const { api } = fakeApi({
    'GET /api/openapi.json': () => {
      throw new ApiError({
        kind: 'bad_response',
        message: 'HTTP 500',
        url: '/api/openapi.json',
        method: 'GET',
        status: 500,
        data: { detail: 'Internal Server Error' },
      });
    },
  });
  renderReference(api);
  expect(await screen.findByText('The API reference could not be read.')).toBeInTheDocument();
});
