/** @jest-environment ./test/support/jsdom-environment.js */
/**
 * The administrators' pages, opened through the real route table (src/app/routes.tsx): any other account, one that
 * may read the PKI included, gets the one "administrators only" page (the same words on each, status 403, nothing
 * asked of the appliance); an admin gets the page itself.
 */
import { screen } from '@testing-library/react';
import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router';
import { resetFeatureSagas } from '../../../sagas/featureSagas';
import { RenderStatus, RenderStatusContext } from '../../../src/app/renderStatus';
import { routes } from '../../../src/app/routes';
import type { RouteHandle } from '../../../src/app/routing/types';
import type { Privileges } from '../../../src/shared/privileges';
import { fakeApi } from '../../sagas/fakes';
import { renderPage } from '../pages/dns/renderPage';

const ADMIN_PAGES = ['system/backups', 'system/log-forwarding', 'system/alerts', 'system/alert-channels'];

function findRoute(list: RouteObject[], id: string): RouteObject | undefined {
  for (const route of list) {
    if (route.id === id) return route;
    const inner = route.children && findRoute(route.children, id);
    if (inner) return inner;
  }
  return undefined;
}

async function load(id: string): Promise<{ Component: ComponentType; handle: RouteHandle }> {
  const route = findRoute(routes, id);
  if (typeof route?.lazy !== 'function') throw new Error(`no lazy route ${id}`);
  return (await route.lazy()) as { Component: ComponentType; handle: RouteHandle };
}

async function open(id: string, user: { role: 'admin' | 'user'; privileges?: Privileges }) {
  const { Component, handle } = await load(id);
  const { api, calls } = fakeApi({});
  const status = new RenderStatus();
  renderPage(
    <RenderStatusContext.Provider value={status}>
      <Component />
    </RenderStatusContext.Provider>,
    { api, path: `/${id}`, state: { session: { loggedIn: true, user: { username: 'kim', ...user } } } },
  );
  return { calls, status, title: handle.title as string };
}

afterAll(() => resetFeatureSagas());

describe.each([
  ['an account in no group', {}],
  ['an account that may read the PKI', { pki: 'read' } as const],
  [
    'an account that may write every area',
    { dns: 'write', logs: 'write', settings: 'write', pki: 'write' } as const,
  ],
])('%s', (_, privileges: Privileges) => {
  test.each(ADMIN_PAGES)('gets the administrators-only page on /%s, and nothing is asked', async (id) => {
    const { calls, status, title } = await open(id, { role: 'user', privileges });
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Administrators only');
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(
      screen.getByText(/only an account with the admin role may see and change; no group grants them/),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to the home page' })).toHaveAttribute('href', '/');
    expect(screen.queryByRole('heading', { name: title })).not.toBeInTheDocument();
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
    expect(status.status).toBe(403);
    expect(calls).toEqual([]);
  });
});

test.each(ADMIN_PAGES)('an admin gets /%s itself', async (id) => {
  const { status, title } = await open(id, { role: 'admin' });
  expect(await screen.findByRole('heading', { level: 1, name: new RegExp(`^${title}`) })).toBeInTheDocument();
  expect(screen.queryByText('Administrators only')).not.toBeInTheDocument();
  expect(status.status).toBeUndefined();
});

test("a PKI reader still gets the PKI's pages, read-only", async () => {
  const { status } = await open('system/certificates', { role: 'user', privileges: { pki: 'read' } });
  expect(await screen.findByRole('heading', { level: 1, name: /^Certificates/ })).toBeInTheDocument();
  expect(screen.queryByText('Administrators only')).not.toBeInTheDocument();
  expect(status.status).toBeUndefined();
});
