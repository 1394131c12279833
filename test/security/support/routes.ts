/**
 * Every state-changing route of the embedded appliance and identity service, with a concrete path for each
 * parameter. `test/server/routes.test.ts` checks this list against the routes the server really registers, so a new
 * mutating route fails that test until it is listed here (and so covered by the path-spelling corpus).
 */
export interface MutatingRoute {
  method: 'POST' | 'PUT' | 'PATCH' | 'DELETE' | 'GET';
  /** The route as Fastify prints it (`:param` kept). */
  route: string;
  /** A concrete path to send. */
  path: string;
  contentType: string;
  body: string;
}

const json = (v: unknown) => ({ contentType: 'application/json', body: JSON.stringify(v) });
const form = (v: Record<string, string>) => ({
  contentType: 'application/x-www-form-urlencoded',
  body: new URLSearchParams(v).toString(),
});

const SAMPLE_ID = '00000000-0000-4000-8000-0000000000aa';

/**
 * Routes whose handlers take a JSON body (or, for package uploads, bytes); the corpus only needs them refused before
 * any handler, so a concrete id and an empty body do.
 */
function domainRoutes(list: Array<[MutatingRoute['method'], string]>): MutatingRoute[] {
  return list.map(([method, route]) => ({
    method,
    route,
    path: route.replace(/:[a-z_]+/g, SAMPLE_ID),
    ...(route.endsWith('/updates/packages')
      ? { contentType: 'application/octet-stream', body: 'not a package' }
      : json({})),
  }));
}

export const MUTATING_ROUTES: MutatingRoute[] = [
  {
    method: 'PUT',
    route: '/api/config/settings',
    path: '/api/config/settings',
    ...json({ primary_color: '#ff0000', bar_color: '#00ff00' }),
  },
  {
    method: 'PUT',
    route: '/api/config/lockout',
    path: '/api/config/lockout',
    ...json({ attempts: 1, window_seconds: 60, duration_seconds: 60 }),
  },
  {
    method: 'PUT',
    route: '/api/config/:slot',
    path: '/api/config/login_logo',
    contentType: 'image/gif',
    body: 'GIF89a\u0001\u0000\u0001\u0000\u0000\u0000\u0000;',
  },
  {
    method: 'DELETE',
    route: '/api/config/:slot',
    path: '/api/config/login_logo',
    contentType: 'application/json',
    body: '{}',
  },
  {
    method: 'POST',
    route: '/api/users/me/ack-messages',
    path: '/api/users/me/ack-messages',
    ...json({ message_id: 1, version_id: 1 }),
  },
  { method: 'POST', route: '/api/jobs', path: '/api/jobs', ...json({ type: 'config' }) },
  { method: 'POST', route: '/api/logs', path: '/api/logs', ...json({ service: 'dns', message: 'planted' }) },
  {
    method: 'POST',
    route: '/api/auth/login',
    path: '/api/auth/login',
    ...form({ username: 'admin', password: 'x' }),
  },
  {
    method: 'POST',
    route: '/api/auth/login/webauthn',
    path: '/api/auth/login/webauthn',
    ...json({ ticket: 'planted', credential: {} }),
  },
  { method: 'POST', route: '/api/auth/logout', path: '/api/auth/logout', ...form({}) },
  // Cookie-less sign-ins of the API and SSH services: a browser's request (it carries cookies) is checked as usual.
  {
    method: 'POST',
    route: '/api/auth/token',
    path: '/api/auth/token',
    ...form({ username: 'admin', password: 'x' }),
  },
  {
    method: 'POST',
    route: '/api/auth/internal/ssh-auth',
    path: '/api/auth/internal/ssh-auth',
    ...json({ username: 'admin', password: 'x', rhost: '203.0.113.1' }),
  },
  {
    method: 'DELETE',
    route: '/api/auth/lockouts/:name',
    path: '/api/auth/lockouts/admin',
    contentType: 'application/json',
    body: '{}',
  },
  {
    method: 'POST',
    route: '/api/auth/change_password',
    path: '/api/auth/change_password',
    ...form({ username: 'admin', password: 'x', new_password: 'y-long-enough-1' }),
  },
  {
    method: 'POST',
    route: '/identity/self-service/login',
    path: '/identity/self-service/login?flow=00000000-0000-4000-8000-000000000000',
    ...form({ method: 'password', identifier: 'a@b.c', password: 'x' }),
  },
  {
    method: 'POST',
    route: '/identity/self-service/registration',
    path: '/identity/self-service/registration?flow=00000000-0000-4000-8000-000000000000',
    ...form({ method: 'password', 'traits.email': 'a@b.c', password: 'x' }),
  },
  {
    method: 'POST',
    route: '/identity/self-service/recovery',
    path: '/identity/self-service/recovery?flow=00000000-0000-4000-8000-000000000000',
    ...form({ method: 'code', email: 'a@b.c' }),
  },
  {
    method: 'POST',
    route: '/identity/self-service/verification',
    path: '/identity/self-service/verification?flow=00000000-0000-4000-8000-000000000000',
    ...form({ method: 'code', email: 'a@b.c' }),
  },
  {
    method: 'POST',
    route: '/identity/self-service/settings',
    path: '/identity/self-service/settings?flow=00000000-0000-4000-8000-000000000000',
    ...form({ method: 'password', password: 'x' }),
  },
  // Configuration pages of the domain modules (DNS, SSH, updates, network, PKI, safe apply): one concrete path each.
  ...domainRoutes([
    ['DELETE', '/api/config/settings'],
    ['DELETE', '/api/dns/dynamic/accounts/:id'],
    ['DELETE', '/api/dns/proxy/access_lists/:id'],
    ['DELETE', '/api/dns/proxy/domain_overrides/:id'],
    ['DELETE', '/api/dns/proxy/host_overrides/:id'],
    ['DELETE', '/api/dns/proxy/upstreams/:id'],
    ['DELETE', '/api/pki/acme/accounts/:id'],
    ['DELETE', '/api/pki/acme/orders/:id'],
    ['DELETE', '/api/pki/cas/:id'],
    ['DELETE', '/api/pki/certificates/:id'],
    ['DELETE', '/api/pki/crls/:id'],
    ['DELETE', '/api/ssh/config/authorized_keys/:id'],
    ['PATCH', '/api/pki/acme/orders/:id'],
    ['POST', '/api/apply/confirmations/:id/confirm'],
    ['POST', '/api/apply/confirmations/:id/revert'],
    ['POST', '/api/dns/dynamic/accounts'],
    ['POST', '/api/dns/dynamic/accounts/:id/update'],
    ['POST', '/api/dns/dynamic/accounts/delete'],
    ['POST', '/api/dns/proxy/access_lists'],
    ['POST', '/api/dns/proxy/access_lists/delete'],
    ['POST', '/api/dns/proxy/apply'],
    ['POST', '/api/dns/proxy/domain_overrides'],
    ['POST', '/api/dns/proxy/domain_overrides/delete'],
    ['POST', '/api/dns/proxy/host_overrides'],
    ['POST', '/api/dns/proxy/host_overrides/delete'],
    ['POST', '/api/dns/proxy/service/restart'],
    ['POST', '/api/dns/proxy/service/start'],
    ['POST', '/api/dns/proxy/service/stop'],
    ['POST', '/api/dns/proxy/upstreams'],
    ['POST', '/api/dns/proxy/upstreams/delete'],
    ['POST', '/api/network/preferences/apply'],
    ['POST', '/api/pki/acme/accounts'],
    ['POST', '/api/pki/acme/orders'],
    ['POST', '/api/pki/acme/orders/bulk'],
    ['POST', '/api/pki/cas'],
    ['POST', '/api/pki/cas/:id/crl'],
    ['POST', '/api/pki/cas/bulk'],
    ['POST', '/api/pki/cas/import'],
    ['POST', '/api/pki/certificates'],
    ['POST', '/api/pki/certificates/:id/export'],
    ['POST', '/api/pki/certificates/:id/renew'],
    ['POST', '/api/pki/certificates/:id/revoke'],
    ['POST', '/api/pki/certificates/bulk'],
    ['POST', '/api/pki/certificates/csr'],
    ['POST', '/api/pki/certificates/import'],
    ['POST', '/api/pki/certificates/import-pkcs12'],
    ['POST', '/api/pki/crls/bulk'],
    ['POST', '/api/pki/crls/import'],
    ['POST', '/api/ssh/config/apply'],
    ['POST', '/api/ssh/config/authorized_keys'],
    ['POST', '/api/ssh/config/authorized_keys/delete'],
    ['POST', '/api/ssh/service/restart'],
    ['POST', '/api/ssh/service/start'],
    ['POST', '/api/ssh/service/stop'],
    ['POST', '/api/updates/apply'],
    ['POST', '/api/updates/check'],
    ['POST', '/api/updates/packages'],
    ['POST', '/api/updates/rollback'],
    ['POST', '/api/updates/trusted-keys'],
    ['PUT', '/api/dns/dynamic/accounts/:id'],
    ['PUT', '/api/dns/proxy/access_lists/:id'],
    ['PUT', '/api/dns/proxy/domain_overrides/:id'],
    ['PUT', '/api/dns/proxy/host_overrides/:id'],
    ['PUT', '/api/dns/proxy/settings'],
    ['PUT', '/api/dns/proxy/upstreams/:id'],
    ['PUT', '/api/network/preferences'],
    ['PUT', '/api/ssh/config/authorized_keys/:id'],
    ['PUT', '/api/ssh/config/settings'],
    ['PUT', '/api/ssh/password'],
    ['PUT', '/api/updates/schedule'],
    ['PUT', '/api/updates/settings'],
    ['DELETE', '/api/users/:id'],
    ['DELETE', '/api/users/:id/second-factors'],
    ['DELETE', '/api/users/:id/sessions'],
    ['POST', '/api/users'],
    ['POST', '/api/users/bulk'],
    ['POST', '/api/users/lockout-simulation'],
    ['PUT', '/api/users/:id'],
    ['PUT', '/api/users/me/second-factors/totp'],
    ['POST', '/api/users/me/second-factors/webauthn/options'],
    ['POST', '/api/users/me/second-factors/webauthn'],
    ['DELETE', '/api/users/me/second-factors/webauthn/:id'],
    ['DELETE', '/api/groups/:id'],
    ['POST', '/api/groups'],
    ['POST', '/api/groups/bulk'],
    ['PUT', '/api/groups/:id'],
    ['DELETE', '/api/auth/lockouts/source/:address'],
    ['POST', '/api/auth/session/extend'],
    ['POST', '/api/auth/reauth'],
    ['DELETE', '/api/authentication/providers/:id'],
    ['POST', '/api/authentication/providers'],
    ['POST', '/api/authentication/providers/test'],
    ['PUT', '/api/authentication/providers/:id'],
    ['PUT', '/api/authentication/services/:id'],
    ['PUT', '/api/authentication/signup'],
    ['POST', '/api/config/plan'],
    ['PUT', '/api/config'],
    ['POST', '/api/revisions/:id/revert'],
    ['POST', '/api/revisions/:id/restore'],
    ['POST', '/api/alerts/evaluate'],
    ['POST', '/api/alerts/channels'],
    ['PUT', '/api/alerts/channels/:id'],
    ['DELETE', '/api/alerts/channels/:id'],
    ['POST', '/api/alerts/channels/:id/test'],
    ['POST', '/api/forwarding/targets'],
    ['PUT', '/api/forwarding/targets/:id'],
    ['DELETE', '/api/forwarding/targets/:id'],
    ['PUT', '/api/fleet/settings'],
    ['POST', '/api/fleet/appliances'],
    ['POST', '/api/fleet/appliances/bulk'],
    ['DELETE', '/api/fleet/appliances/:id'],
    ['POST', '/api/fleet/join'],
    ['PUT', '/api/fleet/groups/:group/document'],
    ['POST', '/api/fleet/groups/:group/plan'],
    ['POST', '/api/fleet/service/start'],
    ['POST', '/api/fleet/service/stop'],
    ['POST', '/api/fleet/service/restart'],
    ['POST', '/api/forwarding/targets/:id/test'],
    ['POST', '/api/alerts/acknowledge/:id'],
    ['PUT', '/api/alerts/settings'],
    ['POST', '/api/alerts/notifications/read'],
    ['POST', '/api/backups/export'],
    ['POST', '/api/backups/restore/plan'],
    ['POST', '/api/backups/restore'],
    ['POST', '/api/backups/restores/:id/keep'],
    ['POST', '/api/backups/restores/:id/revert'],
    ['PUT', '/api/backups/schedule'],
    ['POST', '/api/backups/targets'],
    ['PUT', '/api/backups/targets/:id'],
    ['DELETE', '/api/backups/targets/:id'],
    ['POST', '/api/backups/fingerprint'],
    ['POST', '/api/backups/run'],
  ]),
  // The provider sends the browser back here; it signs in or registers (Kratos' oidc method).
  {
    method: 'GET',
    route: '/identity/self-service/methods/oidc/callback/:provider',
    path: '/identity/self-service/methods/oidc/callback/corp?code=planted&state=planted',
    contentType: 'application/json',
    body: '',
  },
  // Logging out by token is a GET that changes state (Kratos' contract).
  {
    method: 'GET',
    route: '/identity/self-service/logout',
    path: '/identity/self-service/logout?token=planted',
    contentType: 'application/json',
    body: '',
  },
];

/** Routes (method + route) as `fastify.printRoutes({ commonPrefix: false })` lists them. */
export function parsePrintedRoutes(printed: string): Array<{ method: string; route: string }> {
  const out: Array<{ method: string; route: string }> = [];
  const stack: string[] = [];
  for (const line of printed.split('\n')) {
    const m = /^((?:[│ ] {3})*)[├└]── (.*?) \(([A-Z, ]+)\)$/.exec(line);
    if (!m) continue;
    const depth = m[1].length / 4;
    stack.length = depth;
    stack.push(m[2]);
    const route = stack.join('');
    for (const method of m[3].split(', ')) out.push({ method, route });
  }
  return out;
}
