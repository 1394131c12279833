/**
 * Contract test: real responses of the embedded identity service, validated with ajv against the response schema of
 * the matching operation in the Ory Kratos OpenAPI spec (copied to ./contract/openapi.json).
 *
 * Spec quirks handled (see the contract README):
 * - `errorBrowserLocationChangeRequired.error` refers to `errorGeneric`, which nests `error` twice; on the wire there
 *   is one `error` object, so it is pointed at `genericError`.
 * - `genericError.details` is declared `additionalProperties: false` although herodot sends a free map there
 *   (e.g. `reject_reason`, `redirect_to`); it is opened up.
 * - Several 410 answers are typed as plain `errorGeneric`; the submit ones are additionally checked against the
 *   stricter `selfServiceFlowExpiredError` (with `use_flow_id`, `expired_at`).
 * - OpenAPI 3.0 `nullable` becomes a JSON-schema type union; `discriminator` (with `mapping`, which ajv does not
 *   support) is dropped: the `oneOf` branches are already told apart by their `node_type`/`action` enums.
 */
import { generate } from 'otplib';
import spec from './contract/openapi.json';
import { ajv, validator } from './openapi';
import {
  Client,
  codeFrom,
  logIn,
  node,
  PASSWORD,
  startHarness,
  startMailBox,
  type Harness,
  type MailBox,
  type Res,
} from './support';

interface Operation {
  responses: Record<
    string,
    { content?: { 'application/json'?: { schema?: { $ref?: string } } }; $ref?: string }
  >;
}

/** The schema ref the spec gives for `status` of `METHOD path`, or the `default` response's. */
function responseRef(method: string, path: string, status: number): string | null {
  const op = (spec.paths as unknown as Record<string, Record<string, Operation>>)[path]?.[
    method.toLowerCase()
  ];
  if (!op) throw new Error(`operation ${method} ${path} is not in the spec`);
  const res = op.responses[String(status)] ?? op.responses.default;
  if (!res) throw new Error(`${method} ${path} has no response ${status} in the spec`);
  const ref = res.content?.['application/json']?.schema?.$ref;
  return ref ? ref.replace(/^#/, '#') : null;
}

const checked: string[] = [];
function expectContract(method: 'GET' | 'POST', path: string, res: Res, extraRef?: string): void {
  const ref = responseRef(method, path, res.status);
  if (!ref) {
    expect(res.body).toBe('');
    return;
  }
  for (const r of [ref, ...(extraRef ? [extraRef] : [])]) {
    const validate = validator(r);
    const ok = validate(res.json);
    if (!ok)
      throw new Error(
        `${method} ${path} ${res.status} does not match ${r}: ${ajv.errorsText(validate.errors)}\n${res.body.slice(0, 2000)}`,
      );
  }
  checked.push(`${method} ${path} ${res.status}`);
}

let mailbox: MailBox;
let h: Harness;

beforeAll(async () => {
  mailbox = await startMailBox();
  h = await startHarness({
    smtpUrl: mailbox.url,
    providers: { providers: [{ id: 'azure', login_url: 'https://login.example.test/azure' }] },
  });
});
afterAll(async () => {
  await h.close();
  await mailbox.close();
});

describe('responses validate against the Kratos OpenAPI contract', () => {
  it('compiles the spec schemas the service answers with', () => {
    for (const name of [
      'loginFlow',
      'registrationFlow',
      'recoveryFlow',
      'verificationFlow',
      'settingsFlow',
      'session',
      'logoutFlow',
      'flowError',
      'errorGeneric',
    ]) {
      expect(typeof validator(`#/components/schemas/${name}`)).toBe('function');
    }
  });

  it('fails a response that breaks the contract (the check can fail)', () => {
    const v = validator('#/components/schemas/loginFlow');
    expect(
      v({ id: 'x', type: 'browser', ui: { action: '', method: 'POST', nodes: [{ type: 'input' }] } }),
    ).toBe(false);
    expect(
      v({
        id: 'x',
        type: 'browser',
        expires_at: 'soon',
        issued_at: 'now',
        request_url: '',
        state: 'choose_method',
        ui: { action: '', method: 'POST', nodes: [] },
      }),
    ).toBe(false);
  });

  it('whole journey: registration, verification, login, settings, TOTP, recovery, logout and the errors', async () => {
    const email = `contract-${Date.now()}@example.test`;
    const c = new Client(h.app);

    const noSession = await c.get('/identity/sessions/whoami');
    expectContract('GET', '/sessions/whoami', noSession);

    const reg = await c.init('registration');
    expectContract('GET', '/self-service/registration/browser', reg);
    expect(node(reg.json, 'provider', 'azure').meta.label.text).toBe('Sign up with Entra ID');
    const regFetched = await c.get(`/identity/self-service/registration/flows?id=${reg.json.id}`);
    expectContract('GET', '/self-service/registration/flows', regFetched);
    // The same real flow, broken in one place each, must fail: node attributes, node group, message type.
    const flowSchema = validator('#/components/schemas/registrationFlow');
    const broken1 = structuredClone(regFetched.json);
    broken1.ui.nodes[0].attributes.node_type = 'bogus';
    const broken2 = structuredClone(regFetched.json);
    broken2.ui.nodes[0].group = 'nonsense';
    const broken3 = structuredClone(regFetched.json);
    broken3.ui.messages = [{ id: 4000001, text: 'x', type: 'warning' }];
    const broken4 = structuredClone(regFetched.json);
    delete broken4.ui.nodes[1].attributes.name;
    for (const b of [broken1, broken2, broken3, broken4]) expect(flowSchema(b)).toBe(false);
    const regInvalid = await c.submit(reg.json, {
      method: 'password',
      'traits.email': email,
      password: 'short',
    });
    expectContract('POST', '/self-service/registration', regInvalid);
    const regOk = await c.submit(reg.json, { method: 'password', 'traits.email': email, password: PASSWORD });
    expectContract('POST', '/self-service/registration', regOk);

    const verificationId = regOk.json.continue_with[0].flow.id as string;
    const ver = await c.get(`/identity/self-service/verification/flows?id=${verificationId}`);
    expectContract('GET', '/self-service/verification/flows', ver);
    const code = codeFrom(await mailbox.next(email));
    const verWrong = await c.submit(ver.json, {
      method: 'code',
      code: code === '000000' ? '111111' : '000000',
    });
    expectContract('POST', '/self-service/verification', verWrong);
    const verOk = await c.submit(ver.json, { method: 'code', code });
    expectContract('POST', '/self-service/verification', verOk);
    const verInit = await c.init('verification');
    expectContract('GET', '/self-service/verification/browser', verInit);

    const login = await c.init('login');
    expectContract('GET', '/self-service/login/browser', login);
    const oidc = await c.submit(login.json, { method: 'oidc', provider: 'azure' });
    expect(oidc.status).toBe(422);
    expect(oidc.json.redirect_browser_to).toBe('https://login.example.test/azure');
    expectContract('POST', '/self-service/login', oidc);
    const loginWrong = await c.submit(login.json, {
      method: 'password',
      identifier: email,
      password: 'wrong password',
    });
    expectContract('POST', '/self-service/login', loginWrong);
    const loginOk = await logIn(c, email);
    expectContract('POST', '/self-service/login', loginOk);
    const already = await c.init('login');
    expect(already.status).toBe(400);
    expectContract('GET', '/self-service/login/browser', already);

    const who = await c.get('/identity/sessions/whoami');
    expectContract('GET', '/sessions/whoami', who);

    const settings = await c.init('settings');
    expectContract('GET', '/self-service/settings/browser', settings);
    const settingsFetched = await c.get(`/identity/self-service/settings/flows?id=${settings.json.id}`);
    expectContract('GET', '/self-service/settings/flows', settingsFetched);
    const pwInvalid = await c.submit(settings.json, { method: 'password', password: 'x' });
    expectContract('POST', '/self-service/settings', pwInvalid);
    const regenerate = await c.submit(settings.json, {
      method: 'lookup_secret',
      lookup_secret_regenerate: true,
    });
    expectContract('POST', '/self-service/settings', regenerate);
    const confirm = await c.submit(settings.json, { method: 'lookup_secret', lookup_secret_confirm: true });
    expectContract('POST', '/self-service/settings', confirm);
    const reveal = await c.submit(settings.json, { method: 'lookup_secret', lookup_secret_reveal: true });
    expectContract('POST', '/self-service/settings', reveal);
    const secret = node(settingsFetched.json, 'totp_secret_key').attributes.text.context.secret as string;
    const totp = await c.submit(settings.json, { method: 'totp', totp_code: await generate({ secret }) });
    expect(totp.json.state).toBe('success');
    expectContract('POST', '/self-service/settings', totp);

    const logoutUrl = await c.get('/identity/self-service/logout/browser');
    expectContract('GET', '/self-service/logout/browser', logoutUrl);
    const logout = await c.get(logoutUrl.json.logout_url);
    expect(logout.status).toBe(204);
    expectContract('GET', '/self-service/logout', logout);
    const noLogout = await c.get('/identity/self-service/logout/browser');
    expectContract('GET', '/self-service/logout/browser', noLogout);

    const aal1 = await logIn(c, email);
    expectContract('POST', '/self-service/login', aal1);
    const aal2Needed = await c.get('/identity/sessions/whoami');
    expect(aal2Needed.status).toBe(403);
    expectContract('GET', '/sessions/whoami', aal2Needed);
    const aal2 = await c.get(aal1.json.redirect_browser_to);
    expectContract('GET', '/self-service/login/browser', aal2);
    const aal2Ok = await c.submit(aal2.json, {
      method: 'totp',
      totp_code: await generate({ secret, epoch: Math.floor(Date.now() / 1000) + 30 }),
    });
    expectContract('POST', '/self-service/login', aal2Ok);

    h.ageSession(email, 30);
    const settings2 = await c.init('settings');
    const refresh = await c.submit(settings2.json, {
      method: 'password',
      password: 'an entirely new passphrase',
    });
    expect(refresh.json.error.id).toBe('session_refresh_required');
    expectContract('POST', '/self-service/settings', refresh);
    const out = await c.get((await c.get('/identity/self-service/logout/browser')).json.logout_url);
    expect(out.status).toBe(204);

    const r = new Client(h.app);
    const rec = await r.init('recovery');
    expectContract('GET', '/self-service/recovery/browser', rec);
    const recSent = await r.submit(rec.json, { method: 'code', email });
    expectContract('POST', '/self-service/recovery', recSent);
    const recFetched = await r.get(`/identity/self-service/recovery/flows?id=${rec.json.id}`);
    expectContract('GET', '/self-service/recovery/flows', recFetched);
    const recCode = codeFrom(await mailbox.next(email));
    const recOk = await r.submit(rec.json, { method: 'code', code: recCode });
    expect(recOk.json.state).toBe('passed_challenge');
    expectContract('POST', '/self-service/recovery', recOk);
    const recSettings = await r.get(
      `/identity/self-service/settings/flows?id=${recOk.json.continue_with[0].flow.id}`,
    );
    // The identity has TOTP: the recovered aal1 session must step up first.
    expect(recSettings.status).toBe(403);
    expectContract('GET', '/self-service/settings/flows', recSettings);

    const x = new Client(h.app);
    const xLogin = await x.init('login');
    const csrf = await x.submit(
      xLogin.json,
      { method: 'password', identifier: email, password: PASSWORD },
      { csrf: 'bogus' },
    );
    expect(csrf.status).toBe(403);
    expectContract('POST', '/self-service/login', csrf);
    h.expireFlow(xLogin.json.id);
    const expiredFetch = await x.get(`/identity/self-service/login/flows?id=${xLogin.json.id}`);
    expect(expiredFetch.status).toBe(410);
    expectContract('GET', '/self-service/login/flows', expiredFetch);
    const expiredSubmit = await x.submit(xLogin.json, {
      method: 'password',
      identifier: email,
      password: PASSWORD,
    });
    expect(expiredSubmit.status).toBe(410);
    expectContract(
      'POST',
      '/self-service/login',
      expiredSubmit,
      '#/components/schemas/selfServiceFlowExpiredError',
    );
    const unknown = await x.get('/identity/self-service/login/flows?id=00000000-0000-4000-8000-000000000000');
    expect(unknown.status).toBe(404);
    expectContract('GET', '/self-service/login/flows', unknown);
    const forbidden = await x.get(
      `/identity/self-service/login/browser?return_to=${encodeURIComponent('https://evil.example/')}`,
    );
    expectContract('GET', '/self-service/login/browser', forbidden);

    const page = await x.submit(xLogin.json, { method: 'password' }, { form: true, csrf: 'bogus' });
    const errorId = new URL(page.location!).searchParams.get('id')!;
    const stored = await x.get(`/identity/self-service/errors?id=${errorId}`);
    expectContract('GET', '/self-service/errors', stored);
    const stub = await x.get('/identity/self-service/errors?id=stub:500');
    expectContract('GET', '/self-service/errors', stub);
    expect(stub.json.error).toMatchObject({ code: 500, message: 'This is a stub error.' });
    const missing = await x.get('/identity/self-service/errors');
    expect(missing.status).toBe(404);
    expectContract('GET', '/self-service/errors', missing);

    const schema = await x.get(who.json.identity.schema_url);
    expectContract('GET', '/schemas/{id}', schema);
    expect(schema.json.properties.traits.properties.email.format).toBe('email');

    expect(checked.length).toBeGreaterThan(40);
  }, 30_000);
});
