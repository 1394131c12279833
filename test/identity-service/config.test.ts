/** Deployment variants: no SMTP (outbox + logged code), third-party providers, an https public URL. */
import { Client, logIn, node, PASSWORD, startHarness, type Harness } from './support';

// argon2id hashing on a busy 2-core machine: journeys of several sign-ins need more than the default 5 s.
jest.setTimeout(30_000);

describe('without SMTP', () => {
  let h: Harness;
  beforeEach(async () => {
    h = await startHarness();
  });
  afterEach(async () => {
    await h.close();
  });

  it('keeps the mail in the outbox and prints the code to the log at info level', async () => {
    const c = new Client(h.app);
    const email = `outbox-${Date.now()}@example.test`;
    const reg = await c.init('registration');
    const done = await c.submit(reg.json, { method: 'password', 'traits.email': email, password: PASSWORD });
    expect(done.status).toBe(200);
    const [msg] = h.sql<{ recipient: string; status: string; body: string; template_type: string }>(
      'SELECT * FROM courier_messages',
    );
    expect(msg).toMatchObject({
      recipient: email,
      status: 'queued',
      template_type: 'verification_code_valid',
    });
    const code = /^(\d{6})$/m.exec(msg.body)![1];
    const line = h.logLines.find((l) => l.includes(`code ${code}`));
    expect(line).toBeDefined();
    expect(JSON.parse(line!).level).toBe(30);
    // The code only ever appears in that one line; the stored code is a hash.
    expect(h.logLines.filter((l) => l.includes(code))).toHaveLength(1);
    const [stored] = h.sql<{ code_hash: string }>('SELECT code_hash FROM codes');
    expect(stored.code_hash).not.toContain(code);
    // The verification works with the logged code.
    const flow = await c.get(
      `/identity/self-service/verification/flows?id=${done.json.continue_with[0].flow.id}`,
    );
    const ok = await c.submit(flow.json, { method: 'code', code });
    expect(ok.json.state).toBe('passed_challenge');
    // No password or session token is ever logged.
    expect(h.logLines.some((l) => l.includes(PASSWORD))).toBe(false);
    const login = await logIn(c, email);
    expect(login.status).toBe(200);
    expect(h.logLines.some((l) => l.includes(c.jar.get('ory_kratos_session')!))).toBe(false);
    // Codes and logout tokens in URLs are masked in the request log.
    await c.get(`/identity/self-service/verification?flow=${flow.json.id}&code=${code}`, false);
    const logout = await c.get('/identity/self-service/logout/browser');
    await c.get(logout.json.logout_url, false);
    expect(h.logLines.some((l) => l.includes('code=%5Bredacted%5D'))).toBe(true);
    expect(h.logLines.filter((l) => l.includes(code))).toHaveLength(1);
    expect(h.logLines.some((l) => l.includes(logout.json.logout_token))).toBe(false);
  });
});

describe('third-party sign-in services', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness({
      providers: {
        providers: [
          { id: 'google', login_url: 'https://accounts.example/google' },
          { id: 'azure', login_url: 'https://login.example/azure' },
        ],
      },
    });
  });
  afterAll(async () => {
    await h.close();
  });

  it('shows one oidc submit node per configured provider, labelled with its name', async () => {
    const c = new Client(h.app);
    const flow = await c.init('login');
    const providers = flow.json.ui.nodes.filter((n: { group: string }) => n.group === 'oidc');
    expect(
      providers.map((n: { attributes: { name: string; value: string; type: string } }) => [
        n.attributes.name,
        n.attributes.type,
        n.attributes.value,
      ]),
    ).toEqual([
      ['provider', 'submit', 'google'],
      ['provider', 'submit', 'azure'],
    ]);
    expect(node(flow.json, 'provider', 'azure').meta.label).toEqual({
      id: 1010002,
      text: 'Sign in with Entra ID',
      type: 'info',
      context: { provider: 'Entra ID' },
    });
  });

  it('sends the browser to the provider login_url (422 for JSON, 303 for a form post)', async () => {
    const c = new Client(h.app);
    const flow = await c.init('login');
    const json = await c.submit(flow.json, { method: 'oidc', provider: 'google' });
    expect(json.status).toBe(422);
    expect(json.json).toMatchObject({
      error: { id: 'browser_location_change_required', code: 422 },
      redirect_browser_to: 'https://accounts.example/google',
    });
    const form = await c.submit(flow.json, { method: 'oidc', provider: 'azure' }, { form: true });
    expect(form.status).toBe(303);
    expect(form.location).toBe('https://login.example/azure');
    const unknown = await c.submit(flow.json, { method: 'oidc', provider: 'github' });
    expect(unknown.status).toBe(400);
    expect(unknown.json.ui.messages[0].id).toBe(4010002);
  });

  it('has no providers and no oidc nodes when the file is unreadable', async () => {
    const broken = await startHarness({ providersRaw: '{broken' });
    try {
      expect(broken.logLines.some((l) => l.includes('identity providers: file unreadable'))).toBe(true);
      const c = new Client(broken.app);
      const flow = await c.init('login');
      expect(flow.json.ui.nodes.some((n: { group: string }) => n.group === 'oidc')).toBe(false);
    } finally {
      await broken.close();
    }
  });
});

describe('https public URL', () => {
  it('marks the CSRF cookie Secure and builds https action URLs', async () => {
    const h = await startHarness();
    try {
      const { buildServer } = await import('../../src/server/app');
      const app = await buildServer({
        config: { ...h.config, publicUrl: 'https://console.example', dataDir: `${h.dataDir}/https` },
        logger: false,
      });
      const c = new Client(app);
      const flow = await c.init('login');
      const cookies = ([] as string[]).concat(flow.headers['set-cookie'] as string[]);
      expect(cookies.find((x) => x.startsWith('csrf_token_'))).toMatch(/Secure/);
      expect(flow.json.ui.action).toBe(
        `https://console.example/identity/self-service/login?flow=${flow.json.id}`,
      );
      await app.close();
    } finally {
      await h.close();
    }
  });
});
