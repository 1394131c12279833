/** @jest-environment ./test/support/jsdom-environment.js */
/**
 * What every entity detail page does through the kit: deleting asks first with the entity's name, sends one DELETE,
 * and goes back to the list only once the appliance has deleted it (a refusal keeps the page); a page the account
 * may only read offers no deletion.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError } from '../../../../../src/api/errors';
import { UserDetailPage } from '../../../../../src/app/pages/authentication/UserDetailPage';
import type { AccountDetail } from '../../../../../src/shared/contracts/authentication';
import { CaDetailPage } from '../../../../../src/app/pages/system/authorities/CaDetailPage';
import { importedCa, rootCa } from '../../../../../stories/screens/system/fixtures';
import { fakeApi } from '../../../../sagas/fakes';
import { renderPki } from '../../system/renderPki';

const account: AccountDetail = {
  id: 2,
  username: 'j.doe',
  email: 'j@example.com',
  full_name: 'J Doe',
  role: 'user',
  enabled: true,
  locked: false,
  expires_at: null,
  must_change_password: false,
  created_at: 1_700_000_000_000,
  password_changed_at: null,
  second_factors: [],
  last_login: null,
  failed_since_last_login: 0,
  login_history: [],
  active_sessions: 0,
  groups: [],
};

const refused = () => {
  throw new ApiError({
    kind: 'bad_request',
    status: 409,
    message: 'Request failed with status code 409',
    url: '/api/users/2',
    method: 'DELETE',
    data: { detail: 'The last admin cannot be deleted.' },
  });
};

function openUser(onDelete: () => unknown) {
  const { api, calls } = fakeApi({
    'GET /api/users/2': () => account,
    'GET /api/groups': () => ({ data: [] }),
    'GET /api/users': () => ({ data: [], total: 0, page: 1, per_page: 50 }),
    'DELETE /api/users/2': onDelete,
  });
  const view = renderPki(<UserDetailPage />, {
    api,
    route: '/authentication/users/:id',
    path: '/authentication/users/2',
  });
  return { ...view, calls };
}

describe('deleting the entity of a detail page', () => {
  test('asks with its name, sends one DELETE and goes back to the list once deleted', async () => {
    const user = userEvent.setup();
    const { calls, router } = openUser(() => null);
    await user.click(await screen.findByRole('button', { name: 'Delete user' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete user?' });
    expect(dialog).toHaveTextContent('Delete the account "j.doe"? This cannot be undone.');
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/authentication/users'));
    expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.url)).toEqual(['/api/users/2']);
  });

  test('a deletion the appliance refuses keeps the page', async () => {
    const user = userEvent.setup();
    const { calls, router } = openUser(refused);
    await user.click(await screen.findByRole('button', { name: 'Delete user' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete user?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'DELETE')).toBe(true));
    await new Promise((r) => setTimeout(r, 50));
    expect(router.state.location.pathname).toBe('/authentication/users/2');
    expect(screen.getByRole('region', { name: 'User j.doe' })).toBeInTheDocument();
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  test('Cancel sends nothing', async () => {
    const user = userEvent.setup();
    const { calls } = openUser(() => null);
    await user.click(await screen.findByRole('button', { name: 'Delete user' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete user?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
  });
});

describe('a detail page of an area', () => {
  function openCa(privileges: Record<string, string>) {
    const { api } = fakeApi({
      'GET /api/pki/cas': () => ({ data: [rootCa, importedCa] }),
      [`GET /api/pki/cas/${rootCa.id}`]: () => rootCa,
    });
    return renderPki(<CaDetailPage />, {
      api,
      route: '/system/certificate-authorities/:id',
      path: `/system/certificate-authorities/${rootCa.id}`,
      state: {
        session: {
          loggedIn: true,
          user: { username: 'r', role: 'user', privileges } as never,
        },
      },
    });
  }

  test('deletes after naming the authority, for an account that may write the area', async () => {
    const user = userEvent.setup();
    openCa({ pki: 'write' });
    await user.click(await screen.findByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete certificate authority?' });
    expect(dialog).toHaveTextContent(`Delete ${rootCa.name}?`);
    expect(screen.queryByText(/read access only/)).toBeNull();
  });

  test('offers no deletion and says why to an account that may only read it', async () => {
    openCa({ pki: 'read' });
    const page = await screen.findByRole('region', { name: rootCa.name });
    expect(within(page).getByRole('button', { name: 'Delete' })).toBeDisabled();
    expect(within(page).getByRole('link', { name: 'Certificate authorities' })).toHaveAttribute(
      'href',
      '/system/certificate-authorities',
    );
    expect(within(page).getByRole('status')).toHaveTextContent('your groups grant read access only');
  });
});
