/** @jest-environment ./test/support/jsdom-environment.js */
/**
 * A stored secret's field (src/app/pages/common/config/SecretField.tsx): left empty it keeps the stored secret, but
 * once a field the secret is bound to changes (server, issuer, TLS trust, account name, provider) it becomes required
 * and says why, and the form does not send the change without it: the appliance would refuse it.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ProviderDetailPage } from '../../../../src/app/pages/authentication/ProviderDetailPage';
import { DynamicPage } from '../../../../src/app/pages/dns/DynamicPage';
import type { SessionUser } from '../../../../src/store/slices/session.slice';
import { dynamicDns, resourcesState } from '../../../../stories/pages/fixtures';
import { fakeApi } from '../../../sagas/fakes';
import { renderPage } from '../dns/renderPage';
import { renderPki } from '../system/renderPki';

const admin: SessionUser = { username: 'admin', role: 'admin', privileges: {} };

const LDAP = {
  id: 2,
  name: 'Directory',
  type: 'ldap',
  enabled: true,
  updated_at: 0,
  ldap: {
    url: 'ldaps://dc1.example.com:636',
    starttls: false,
    ca_id: null,
    bind_dn: 'cn=reader,dc=example,dc=com',
    base_dn: 'dc=example,dc=com',
    user_filter: '(uid={username})',
    group_base_dn: '',
    group_filter: '',
    username_attribute: 'uid',
    email_attribute: 'mail',
    name_attribute: 'cn',
    group_name_attribute: 'cn',
    has_bind_password: true,
  },
};

const OIDC = {
  id: 3,
  name: 'SSO',
  type: 'oidc',
  enabled: true,
  updated_at: 0,
  redirect_uri: 'https://rampart.example/api/auth/oidc/3/callback',
  oidc: {
    issuer: 'https://sso.example.com',
    client_id: 'rampart',
    scopes: ['openid'],
    username_claim: 'preferred_username',
    email_claim: 'email',
    name_claim: 'name',
    groups_claim: 'groups',
    has_client_secret: true,
  },
};

function renderProvider(p: typeof LDAP | typeof OIDC) {
  const { api, calls } = fakeApi({
    [`GET /api/authentication/providers/${p.id}`]: () => p,
    [`PUT /api/authentication/providers/${p.id}`]: () => p,
    'GET /api/pki/cas': () => ({ data: [] }),
  });
  renderPki(<ProviderDetailPage />, {
    api,
    route: '/authentication/providers/:id',
    path: `/authentication/providers/${p.id}`,
    state: { session: { loggedIn: true, user: admin } },
  });
  return calls;
}

// [page, field changed (label), new value, the secret field's label, hint shown | null]
const providerRows: Array<[string, typeof LDAP | typeof OIDC, RegExp, string, RegExp, string | null]> = [
  [
    'LDAP server',
    LDAP,
    /^Server URL/,
    'ldaps://evil.example.net',
    /^Bind password/,
    'Type the bind password again: the server address changed.',
  ],
  [
    'LDAP bind DN',
    LDAP,
    /^Bind DN/,
    'cn=admin,dc=example,dc=com',
    /^Bind password/,
    'Type the bind password again: the bind DN changed.',
  ],
  ['LDAP base DN', LDAP, /^Base DN/, 'ou=people,dc=example,dc=com', /^Bind password/, null],
  [
    'OpenID issuer',
    OIDC,
    /^Issuer/,
    'https://evil.example.net',
    /^Client secret/,
    'Type the client secret again: the issuer changed.',
  ],
  ['OpenID name claim', OIDC, /^Full name claim/, 'nickname', /^Client secret/, null],
];

test.each(providerRows)(
  'provider form, %s changed: the secret field asks again only when bound',
  async (_what, provider, field, value, secretLabel, hint) => {
    const user = userEvent.setup();
    const calls = renderProvider(provider);
    const input = await screen.findByRole('textbox', { name: field });
    const secret = screen.getByLabelText(secretLabel);
    expect(secret).toHaveAttribute('placeholder', 'Set (leave empty to keep)');
    await user.clear(input);
    await user.type(input, value);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    if (hint) {
      expect(screen.getByText(hint)).toBeInTheDocument();
      expect(secret).toHaveAttribute('aria-required', 'true');
      expect(secret).toHaveAttribute('placeholder', 'Type it again');
      expect(calls.some((c) => c.method === 'PUT')).toBe(false);
      // Typed again, the change goes out with it.
      await user.type(secret, 'typed-again');
      await user.click(screen.getByRole('button', { name: 'Save' }));
      await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
      const body = calls.find((c) => c.method === 'PUT')?.body as Record<string, Record<string, string>>;
      expect(Object.values(body[provider.type === 'ldap' ? 'ldap' : 'oidc'])).toContain('typed-again');
    } else {
      expect(screen.queryByText(/again:/)).toBeNull();
      expect(secret).not.toHaveAttribute('aria-required');
      await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    }
  },
);

// [field changed, new value, hint shown | null]
const ddnsRows: Array<[string, string, string | null]> = [
  ['User name', 'someone', 'Type the password or token again: the user name changed.'],
  ['Host name', 'cabin.example.net', null],
];

test.each(ddnsRows)(
  'dynamic DNS account, %s changed: the secret field asks again only when bound',
  async (label, value, hint) => {
    const user = userEvent.setup();
    const { api, calls } = fakeApi({
      'GET /api/dns/dynamic': () => dynamicDns,
      'PUT /api/dns/dynamic/accounts/1': () => dynamicDns.accounts[0],
    });
    renderPage(<DynamicPage />, {
      api,
      path: '/dns/dynamic',
      state: { ...resourcesState({ 'dns/dynamic': dynamicDns }), session: { loggedIn: true, user: admin } },
    });
    await user.click(screen.getByRole('button', { name: /^Edit home\.example\.net/ }));
    const dialog = screen.getByRole('dialog', { name: 'Edit account' });
    const input = within(dialog).getByRole('textbox', { name: new RegExp(`^${label}`) });
    await user.clear(input);
    await user.type(input, value);
    const secret = within(dialog).getByLabelText(/^Password or token/);
    if (hint) {
      expect(within(dialog).getByText(hint)).toBeInTheDocument();
      expect(secret).toHaveAttribute('aria-required', 'true');
    } else {
      expect(within(dialog).queryByText(/again:/)).toBeNull();
      expect(secret).toHaveAttribute('placeholder', 'Set (leave empty to keep)');
    }
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    if (hint) expect(calls.some((c) => c.method === 'PUT')).toBe(false);
    else {
      await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
      // Only what the appliance takes (it refuses extra fields): no stored binding, no account state.
      expect(Object.keys(calls.find((c) => c.method === 'PUT')?.body as object).sort()).toEqual(
        [
          'check_url',
          'enabled',
          'hostname',
          'interface',
          'interval_seconds',
          'ip_source',
          'provider',
          'secret',
          'ttl',
          'update_url',
          'username',
        ].sort(),
      );
    }
  },
);
