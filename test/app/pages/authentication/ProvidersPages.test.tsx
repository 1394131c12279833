/** @jest-environment ./test/support/jsdom-environment.js */
/**
 * Providers decide who signs in, so only admins change them (the appliance answers 403 to anyone else, whatever
 * their groups grant): an account of the `user` role, even with the write privilege of the authentication area, is
 * offered no way to add or change one.
 */
import { screen } from '@testing-library/react';
import type { ReactElement } from 'react';
import { ProviderDetailPage } from '../../../../src/app/pages/authentication/ProviderDetailPage';
import { ProvidersPage } from '../../../../src/app/pages/authentication/ProvidersPage';
import type { SessionUser } from '../../../../src/store/slices/session.slice';
import { fakeApi } from '../../../sagas/fakes';
import { renderPki } from '../system/renderPki';

const operator: SessionUser = { username: 'j.doe', role: 'user', privileges: { authentication: 'write' } };
const admin: SessionUser = { username: 'admin', role: 'admin', privileges: {} };

function renderAs(user: SessionUser, element: ReactElement, route: string, path: string) {
  const { api, calls } = fakeApi({ 'GET /api/authentication/providers': () => ({ data: [] }) });
  const view = renderPki(element, { api, route, path, state: { session: { loggedIn: true, user } } });
  return { ...view, calls };
}

test.each([
  ['a user account', operator, true],
  ['an admin', admin, false],
])('the providers list offers adding one only to admins (%s)', (_who, user, disabled) => {
  renderAs(user, <ProvidersPage />, '/authentication/providers', '/authentication/providers');
  for (const name of ['Add LDAP directory', 'Add OpenID provider'])
    if (disabled) expect(screen.getByRole('button', { name })).toBeDisabled();
    else expect(screen.getByRole('button', { name })).toBeEnabled();
});

test('the new provider form is disabled for a user account', () => {
  renderAs(
    operator,
    <ProviderDetailPage />,
    '/authentication/providers/:id',
    '/authentication/providers/new?type=ldap',
  );
  expect(screen.getByRole('textbox', { name: /^Name/ })).toBeDisabled();
  expect(screen.getByRole('button', { name: 'Test provider' })).toBeDisabled();
  expect(screen.getByRole('button', { name: 'Add provider' })).toBeDisabled();
});

test('the new provider form is open to admins', () => {
  renderAs(
    admin,
    <ProviderDetailPage />,
    '/authentication/providers/:id',
    '/authentication/providers/new?type=ldap',
  );
  expect(screen.getByRole('textbox', { name: /^Name/ })).toBeEnabled();
  expect(screen.getByRole('button', { name: 'Test provider' })).toBeEnabled();
});
