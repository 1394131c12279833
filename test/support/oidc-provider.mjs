/**
 * A real OpenID provider for tests (`oidc-provider`, ESM, so run as its own Node process by test/support/oidc.ts).
 * Reads its setup as JSON from argv[2]: `{port, clients:[{client_id, client_secret, redirect_uris}],
 * accounts:[{sub, email, email_verified, name, preferred_username, groups, password}]}`. Sign-in uses the package's
 * development interactions (a login form, then consent); an account's password is checked here, so a wrong password
 * fails like at a real provider. Prints `ready <issuer>` once listening.
 */
import Provider, { errors } from 'oidc-provider';

const setup = JSON.parse(process.argv[2]);
const issuer = `http://127.0.0.1:${setup.port}`;
const accounts = new Map(setup.accounts.map((a) => [a.sub, a]));

const provider = new Provider(issuer, {
  clients: setup.clients.map((c) => ({
    client_id: c.client_id,
    client_secret: c.client_secret,
    redirect_uris: c.redirect_uris,
    grant_types: ['authorization_code'],
    response_types: ['code'],
    token_endpoint_auth_method: 'client_secret_basic',
  })),
  claims: {
    openid: ['sub'],
    email: ['email', 'email_verified'],
    profile: ['name', 'preferred_username'],
    groups: ['groups'],
  },
  scopes: ['openid', 'email', 'profile', 'groups'],
  features: { devInteractions: { enabled: true } },
  // Claims go into the ID token too, so a client needs no userinfo call to read them.
  conformIdTokenClaims: false,
  cookies: { keys: ['rampart-test-oidc-cookie-key'] },
  async findAccount(_ctx, id) {
    const account = accounts.get(id);
    if (!account) return undefined;
    return {
      accountId: id,
      async claims() {
        const { password: _password, ...claims } = account;
        return claims;
      },
    };
  },
});

// The development login form accepts any name; make it check the account's password like a real provider.
provider.use(async (ctx, next) => {
  if (ctx.method === 'POST' && /^\/interaction\/[^/]+$/.test(ctx.path)) {
    const body = await new Promise((resolve) => {
      let raw = '';
      ctx.req.on('data', (d) => (raw += d));
      ctx.req.on('end', () => resolve(new URLSearchParams(raw)));
    });
    if (body.get('prompt') === 'login') {
      const account = accounts.get(body.get('login') ?? '');
      if (!account || account.password !== body.get('password')) {
        ctx.status = 401;
        ctx.body = 'wrong user name or password';
        return;
      }
    }
    // Hand the already-read body on to the development interactions.
    ctx.req.body = Object.fromEntries(body);
  }
  await next();
});

void errors;
provider.listen(setup.port, '127.0.0.1', () => {
  process.stdout.write(`ready ${issuer}\n`);
});
