/** @jest-environment ./test/support/jsdom-environment.js */
/**
 * Providers and services decide who signs in, so only admins change them (the appliance answers 403 to anyone else, whatever
 * their groups grant): an account of the `user` role, even with the write privilege of the authentication area, is
 * offered no way to add or change one.
 */
import { screen } from '@testing-library/react';
import type { ReactElement } from 'react';
import { ProviderDetailPage } from '../../../../src/app/pages/authentication/ProviderDetailPage';
import { ProvidersPage, providerStatus } from '../../../../src/app/pages/authentication/ProvidersPage';
import { ServiceDetailPage } from '../../../../src/app/pages/authentication/ServiceDetailPage';
import type { SessionUser } from '../../../../src/store/slices/session.slice';
import { fakeApi } from '../../../sagas/fakes';
import { renderPki } from '../system/renderPki';

const operator: SessionUser = { username: 'j.doe', role: 'user', privileges: { authentication: 'write' } };
const admin: SessionUser = { username: 'admin', role: 'admin', privileges: {} };

function renderAs(user: SessionUser, element: ReactElement, route: string, path: string) {
  const local = { id: 1, name: 'Local accounts', type: 'local', enabled: true };
  const directory = { id: 2, name: 'Directory', type: 'ldap', enabled: true };
  const { api, calls } = fakeApi({
    'GET /api/authentication/providers': () => ({
      data: [
        { ...local, updated_at: 0 },
        { ...directory, updated_at: 0 },
      ],
    }),
    'GET /api/authentication/services/ssh': () => ({
      id: 'ssh',
      name: 'SSH',
      description: 'SSH logins (PAM helper)',
      providers: [local, directory],
    }),
  });
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

test.each([
  ['a user account', operator, true],
  ['an admin', admin, false],
])('the provider order of a service is changed by admins only (%s)', async (_who, user, readOnly) => {
  renderAs(user, <ServiceDetailPage />, '/authentication/services/:id', '/authentication/services/ssh');
  const moveDown = await screen.findByRole('button', { name: 'Move Local accounts down' });
  const remove = screen.getByRole('button', { name: 'Remove Directory' });
  if (readOnly) {
    expect(moveDown).toBeDisabled();
    expect(remove).toBeDisabled();
    expect(screen.getByTestId('read-only-notice')).toHaveTextContent('only administrators');
  } else {
    expect(moveDown).toBeEnabled();
    expect(remove).toBeEnabled();
    expect(screen.queryByTestId('read-only-notice')).toBeNull();
  }
});

test('a disabled provider without the secret its settings send says it needs it (a reverted deletion)', () => {
  const ldap = {
    url: 'ldap://dir.example.net',
    starttls: false,
    ca_id: null,
    bind_dn: 'cn=reader,dc=example,dc=net',
    base_dn: 'dc=example,dc=net',
    user_filter: '(uid={username})',
    group_base_dn: '',
    group_filter: '',
    username_attribute: 'uid',
    email_attribute: 'mail',
    name_attribute: 'cn',
    group_name_attribute: 'cn',
  };
  const base = { id: 2, name: 'Directory', type: 'ldap' as const, updated_at: 0 };
  expect(providerStatus({ ...base, enabled: false, ldap: { ...ldap, has_bind_password: false } })).toBe(
    'Needs its secret',
  );
  expect(providerStatus({ ...base, enabled: false, ldap: { ...ldap, has_bind_password: true } })).toBe(
    'Disabled',
  );
  // An anonymous bind sends no password: nothing is missing.
  expect(
    providerStatus({ ...base, enabled: false, ldap: { ...ldap, bind_dn: '', has_bind_password: false } }),
  ).toBe('Disabled');
  expect(providerStatus({ ...base, enabled: true, ldap: { ...ldap, has_bind_password: true } })).toBe(
    'Enabled',
  );
});
