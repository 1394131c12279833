/**
 * The authentication contract describes what the real server answers: each route's answer, after the changes that
 * fill it (an account with a group and a sign-in, an LDAP and an OpenID provider, a lock), conforms to its response
 * schema, closed (no field the contract does not name).
 */
import {
  accountDetail,
  authService,
  createdAccount,
  endedSessions,
  group,
  groupsBulkAnswer,
  lockoutPolicy,
  lockouts,
  lockoutSimulation,
  loginAnswer,
  loginSetup,
  mySecurityKeys,
  securityKeyRegistration,
  tokenAnswer,
  mySignIns,
  provider,
  providerCheck,
  savedLockoutPolicy,
  signupPolicy,
  totpEnrolment,
  usersBulkAnswer,
  account,
} from '../../../src/shared/contracts/authentication';
import { listPage } from '../../../src/shared/contracts/listing';
import { messageAcceptance } from '../../../src/shared/contracts/console';
import { openApiDocument } from '../../../src/shared/contracts/console';
import { Type } from '@sinclair/typebox';
import { contractProblems, expectConforms } from '../support/contracts';
import { Agent, adminAgent, startServer, type Harness } from '../support/harness';

let h: Harness;
let admin: Agent;

beforeAll(async () => {
  h = await startServer();
  admin = await adminAgent(h);
});
afterAll(() => h.close());

const ok = async (res: Promise<{ statusCode: number; body: string; json: () => unknown }>, status = 200) => {
  const r = await res;
  expect({ status: r.statusCode, body: r.statusCode === status ? '' : r.body }).toEqual({ status, body: '' });
  return r.json();
};

it('answers accounts, groups and their changes as the contract says', async () => {
  const g = await ok(admin.post('/api/groups', { name: 'Operators', privileges: { dns: 'write' } }), 201);
  expectConforms(group, g);
  const created = await ok(
    admin.post('/api/users', {
      username: 'ann',
      email: 'ann@example.com',
      full_name: 'Ann',
      role: 'user',
      expires_at: '2099-01-01',
      groups: [(g as { id: number }).id],
    }),
    201,
  );
  expectConforms(createdAccount, created);
  const id = (created as { id: number }).id;
  // A sign-in of hers fills the history.
  const ann = new Agent(h.app);
  await ann.visit();
  await ann.login('ann', 'wrong-password');
  expectConforms(listPage(account), await ok(admin.get('/api/users?page=1&per_page=10')));
  expectConforms(listPage(account), await ok(admin.get('/api/users')));
  expectConforms(accountDetail, await ok(admin.get(`/api/users/${id}`)));
  expectConforms(
    account,
    await ok(
      admin.put(`/api/users/${id}`, {
        email: '',
        full_name: 'Ann B',
        role: 'user',
        enabled: true,
        expires_at: null,
      }),
    ),
  );
  expectConforms(
    endedSessions,
    await ok(admin.request({ method: 'DELETE', url: `/api/users/${id}/sessions` })),
  );
  expectConforms(usersBulkAnswer, await ok(admin.post('/api/users/bulk', { action: 'disable', ids: [id] })));
  expectConforms(listPage(group), await ok(admin.get('/api/groups')));
  const gid = (g as { id: number }).id;
  expectConforms(group, await ok(admin.get(`/api/groups/${gid}`)));
  expectConforms(
    group,
    await ok(admin.put(`/api/groups/${gid}`, { name: 'Ops', description: 'x', members: [], privileges: {} })),
  );
  expectConforms(
    groupsBulkAnswer,
    await ok(admin.post('/api/groups/bulk', { action: 'delete', ids: [gid] })),
  );
});

it('answers providers, their check, services and the sign-up policy as the contract says', async () => {
  const ldap = await ok(
    admin.post('/api/authentication/providers', {
      name: 'Directory',
      type: 'ldap',
      enabled: true,
      ldap: {
        url: 'ldap://127.0.0.1:9/',
        starttls: false,
        ca_id: null,
        bind_dn: 'cn=reader,dc=example,dc=com',
        bind_password: 'secret',
        base_dn: 'dc=example,dc=com',
        user_filter: '(uid={username})',
        group_base_dn: '',
        group_filter: '',
        username_attribute: 'uid',
        email_attribute: 'mail',
        name_attribute: 'cn',
        group_name_attribute: 'cn',
        admin_group: 'admins',
      },
    }),
    201,
  );
  expectConforms(provider, ldap);
  const oidc = await ok(
    admin.post('/api/authentication/providers', {
      name: 'Hosted',
      type: 'oidc',
      enabled: false,
      oidc: {
        issuer: 'https://id.example.com',
        client_id: 'rampart',
        client_secret: 'shh',
        scopes: ['openid', 'email'],
        username_claim: 'preferred_username',
        email_claim: 'email',
        name_claim: 'name',
        groups_claim: 'groups',
      },
    }),
    201,
  );
  expectConforms(provider, oidc);
  expectConforms(listPage(provider), await ok(admin.get('/api/authentication/providers')));
  expectConforms(provider, await ok(admin.get('/api/authentication/providers/1')));
  expectConforms(
    providerCheck,
    await ok(
      admin.post('/api/authentication/providers/test', {
        type: 'ldap',
        id: (ldap as { id: number }).id,
        ldap: (ldap as { ldap: Record<string, unknown> }).ldap && {
          ...(ldap as { ldap: Record<string, unknown> }).ldap,
          has_bind_password: undefined,
        },
        test_username: 'ann',
      }),
    ),
  );
  expectConforms(listPage(authService), await ok(admin.get('/api/authentication/services')));
  expectConforms(
    authService,
    await ok(
      admin.put('/api/authentication/services/ssh', { provider_ids: [1, (ldap as { id: number }).id] }),
    ),
  );
  expectConforms(authService, await ok(admin.get('/api/authentication/services/console')));
  expectConforms(signupPolicy, await ok(admin.get('/api/authentication/signup')));
  expectConforms(
    signupPolicy,
    await ok(admin.put('/api/authentication/signup', { mode: 'domains', allowed_domains: ['example.com'] })),
  );
});

it('answers the lockout policy, the locks and the simulator as the contract says', async () => {
  expectConforms(lockoutPolicy, await ok(admin.get('/api/config/lockout')));
  // Stricter: it waits for a confirmation, which the answer carries.
  expectConforms(
    savedLockoutPolicy,
    await ok(
      admin.put('/api/config/lockout', {
        attempts: 3,
        window_seconds: 900,
        duration_seconds: 900,
        source: { attempts: 50, window_seconds: 600 },
        allow_list: ['10.0.0.0/8'],
      }),
    ),
  );
  const intruder = new Agent(h.app);
  await intruder.visit();
  for (let i = 0; i < 6; i++) await intruder.login('mallory', `guess-${i}`);
  const locks = await ok(admin.get('/api/auth/lockouts'));
  expect((locks as { data: unknown[] }).data.length).toBeGreaterThan(0);
  expectConforms(lockouts, locks);
  const simulated = await ok(
    admin.post('/api/users/lockout-simulation', { attempts: 2, window_seconds: 900, duration_seconds: 60 }),
  );
  expect((simulated as { locks: unknown[] }).locks.length).toBeGreaterThan(0);
  expectConforms(lockoutSimulation, simulated);
});

it("answers the signed-in account's own endpoints as the contract says", async () => {
  expectConforms(mySignIns, await ok(admin.get('/api/users/me/sign-ins')));
  expectConforms(totpEnrolment, await ok(admin.get('/api/users/me/second-factors/totp/new')));
  expectConforms(mySecurityKeys, await ok(admin.get('/api/users/me/second-factors/webauthn')));
});

it('answers the sign-in routes, the security-key registration, the acceptances and the document as the contract says', async () => {
  // A custom look fills the setup's nullable fields.
  const png = Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
    'base64',
  );
  await ok(admin.put('/api/config/login_logo', png, { 'content-type': 'image/png' }));
  const setup = await ok(new Agent(h.app).get('/api/auth/setup'));
  expect((setup as { login_logo: string }).login_logo).toBe('/api/config/login_logo');
  expectConforms(loginSetup, setup);

  const agent = new Agent(h.app);
  await agent.visit();
  expectConforms(loginAnswer, await ok(agent.login('admin', 'correct horse battery staple')));
  expectConforms(
    tokenAnswer,
    await ok(
      h.app.inject({
        method: 'POST',
        url: '/api/auth/token',
        payload: { username: 'admin', password: 'correct horse battery staple' },
      }),
    ),
  );
  expectConforms(
    securityKeyRegistration,
    // The console as the browser sees it (an inject request's host is `localhost:80`).
    await ok(agent.post('/api/users/me/second-factors/webauthn/options', {}, { origin: 'http://localhost' })),
  );
  expectConforms(loginAnswer, await ok(agent.post('/api/auth/logout')));

  expectConforms(
    Type.Object({ data: Type.Array(messageAcceptance) }),
    await ok(admin.get('/api/messages/acceptances')),
  );
  expectConforms(openApiDocument, await ok(admin.get('/api/openapi.json')));
});

it('finds an answer that strays from the contract: a field it does not name, a wrong type, a missing field', () => {
  const answer = {
    id: 1,
    username: 'ann',
    email: '',
    full_name: '',
    role: 'user',
    enabled: true,
    locked: false,
    expires_at: null,
    must_change_password: false,
    created_at: 1,
    password_changed_at: null,
    second_factors: [],
  };
  expect(contractProblems(account, answer)).toEqual([]);
  expect(contractProblems(account, { ...answer, password_hash: 'x' })).toEqual([
    '/: must NOT have additional properties (password_hash)',
  ]);
  expect(contractProblems(account, { ...answer, enabled: 1 })).toEqual(['/enabled: must be boolean']);
  const { locked: _locked, ...missing } = answer;
  expect(contractProblems(account, missing)).toEqual(["/: must have required property 'locked'"]);
});
