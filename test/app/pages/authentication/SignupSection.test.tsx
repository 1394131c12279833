/** @jest-environment ./test/support/jsdom-environment.js */
/**
 * Self-service sign-up on the Services page: admins choose anyone, listed domains or nobody; a domain that is not
 * one is refused before anything is sent; other accounts see the setting and cannot change it.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { axe } from 'jest-axe';
import { ServicesPage } from '../../../../src/app/pages/authentication/ServicesPage';
import type { SessionUser } from '../../../../src/store/slices/session.slice';
import { resourcesState } from '../../../../stories/pages/fixtures';
import { fakeApi } from '../../../sagas/fakes';
import { renderPage } from '../dns/renderPage';

const admin: SessionUser = { username: 'admin', role: 'admin', privileges: {} };
const operator: SessionUser = { username: 'j.doe', role: 'user', privileges: { authentication: 'write' } };
const services = { data: [] };

function setup(policy: { mode: string; allowed_domains: string[] }, user: SessionUser = admin) {
  const { api, calls } = fakeApi({
    'GET /api/authentication/services': () => services,
    'GET /api/authentication/signup': () => policy,
    'PUT /api/authentication/signup': (b) => b,
  });
  const view = renderPage(<ServicesPage />, {
    api,
    path: '/authentication/services',
    state: {
      session: { loggedIn: true, user },
      ...resourcesState({ 'authentication/services': services, 'authentication/signup': policy }),
    },
  });
  const section = screen.getByRole('region', { name: 'Self-service sign-up' });
  return { ...view, calls, section };
}

const puts = (calls: ReturnType<typeof setup>['calls']) => calls.filter((c) => c.method === 'PUT');

test('shows who may sign up (open by default) without axe findings', async () => {
  const { container, section } = setup({ mode: 'open', allowed_domains: [] });
  expect(within(section).getByRole('radio', { name: 'Anyone' })).toBeChecked();
  expect(within(section).queryByRole('textbox', { name: /Allowed e-mail domains/ })).toBeNull();
  expect((await axe(container)).violations).toEqual([]);
});

test.each([
  ['closes sign-up', 'Nobody (sign-up is closed)', [], { mode: 'closed', allowed_domains: [] }],
  [
    'limits it to domains',
    'Only addresses at these domains',
    ['example.com', '*.lab.example'],
    { mode: 'domains', allowed_domains: ['example.com', '*.lab.example'] },
  ],
])('an admin %s', async (_what, option, domains, body) => {
  const user = userEvent.setup();
  const { calls, section } = setup({ mode: 'open', allowed_domains: [] });
  await user.click(within(section).getByRole('radio', { name: option }));
  for (const d of domains)
    await user.type(within(section).getByRole('textbox', { name: /Allowed e-mail domains/ }), `${d}{Enter}`);
  await user.click(within(section).getByRole('button', { name: 'Save' }));
  await waitFor(() => expect(puts(calls).map((c) => c.body)).toEqual([body]));
});

test.each([
  ['not a domain', ['exa mple.com'], /exa mple\.com: not a domain name/],
  ['an address', ['ann@example.com'], /ann@example\.com: not a domain name/],
  ['none at all', [], /Name at least one domain/],
])('refuses %s before sending anything', async (_what, domains, message) => {
  const user = userEvent.setup();
  const { calls, section } = setup({ mode: 'open', allowed_domains: [] });
  await user.click(within(section).getByRole('radio', { name: 'Only addresses at these domains' }));
  for (const d of domains)
    await user.type(within(section).getByRole('textbox', { name: /Allowed e-mail domains/ }), `${d}{Enter}`);
  await user.click(within(section).getByRole('button', { name: 'Save' }));
  expect(await within(section).findByText(message)).toBeInTheDocument();
  expect(puts(calls)).toEqual([]);
});

test('an account that is not an admin sees the setting and cannot change it', () => {
  const { section } = setup({ mode: 'domains', allowed_domains: ['example.com'] }, operator);
  expect(within(section).getByText(/only administrators decide who may sign up/)).toBeInTheDocument();
  expect(within(section).getByRole('radio', { name: 'Only addresses at these domains' })).toBeChecked();
  for (const radio of within(section).getAllByRole('radio')) expect(radio).toBeDisabled();
  expect(within(section).getByText('example.com')).toBeInTheDocument();
  expect(within(section).queryByRole('button', { name: 'Save' })).toBeNull();
});
