/**
 * WebAuthn as a second factor: the ceremony checks against a software authenticator and against responses recorded
 * from real authenticators, the migration of stored keys, and the settings + aal2 login journey through the server.
 */
import { generateKeyPairSync } from 'node:crypto';
import { migrate, openDatabase } from '../../src/storage/sqlite';
import { identityMigrations } from '../../src/identity-service/schema';
import {
  rpIdFor,
  verifyAssertion,
  verifyRegistration,
  WebAuthnError,
  type StoredWebAuthnCredential,
} from '../../src/service-kit/webauthn';
import { WEBAUTHN_SCRIPT, WEBAUTHN_SCRIPT_INTEGRITY } from '../../src/identity-service/webauthn/script';
import { assert, attest, newKey } from './softAuthenticator';
import { realAttestations } from './webauthnFixtures';
import { ajv, validator } from './openapi';
import {
  Client,
  logIn,
  messageIds,
  node,
  signUpVerified,
  startHarness,
  startMailBox,
  type Harness,
  type MailBox,
} from './support';

jest.setTimeout(30_000);

describe('ceremony checks', () => {
  const origin = 'https://console.example';
  const rpId = 'console.example';
  const challenge = Buffer.alloc(32, 7).toString('base64url');

  async function registered(): Promise<{ key: ReturnType<typeof newKey>; stored: StoredWebAuthnCredential }> {
    const key = newKey();
    const r = await verifyRegistration(attest(key, { origin, rpId, challenge }), { challenge, origin, rpId });
    return { key, stored: { ...r, display_name: 'k', added_at: new Date().toISOString() } };
  }

  it('accepts a none attestation and a packed self attestation, keeping the COSE public key', async () => {
    const key = newKey();
    const r = await verifyRegistration(attest(key, { origin, rpId, challenge }), { challenge, origin, rpId });
    expect(r).toMatchObject({ id: key.id.toString('base64url'), alg: -7, sign_count: 0 });
    expect(r.public_key).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(
      (
        await verifyRegistration(attest(newKey(), { origin, rpId, challenge, fmt: 'packed' }), {
          challenge,
          origin,
          rpId,
        })
      ).alg,
    ).toBe(-7);
  });

  it.each(realAttestations)(
    'accepts a $fmt attestation recorded from a real authenticator',
    async ({ response, expected, fmt, credentialId }) => {
      const r = await verifyRegistration(JSON.stringify(response), expected);
      expect(r.id).toBe(credentialId);
      expect(r.sign_count).toBeGreaterThanOrEqual(0);
      expect(fmt).toMatch(/^(none|packed|fido-u2f)$/);
    },
  );

  it.each(realAttestations)('refuses the recorded $fmt attestation for another origin', async (a) => {
    await expect(
      verifyRegistration(JSON.stringify(a.response), { ...a.expected, origin: 'https://evil.example' }),
    ).rejects.toThrow(/origin/);
  });

  it.each([
    ['another origin', { origin: 'https://evil.example' }, /origin/],
    ['another challenge', { challenge: Buffer.alloc(32, 8).toString('base64url') }, /challenge/],
    ['another RP ID', { rpId: 'evil.example' }, /RP ID/],
    ['a get ceremony', { type: 'webauthn.get' }, /type/],
    ['no user presence', { flags: 0x40 }, /present/],
    ['a fido-u2f statement without its certificate', { fmt: 'fido-u2f' as const }, /not accepted/],
  ])('refuses registration with %s', async (_what, change, message) => {
    const json = attest(newKey(), { origin, rpId, challenge, ...change });
    await expect(verifyRegistration(json, { challenge, origin, rpId })).rejects.toThrow(message);
  });

  it('refuses trailing bytes after the credential public key', async () => {
    const key = newKey();
    const json = JSON.parse(attest(key, { origin, rpId, challenge })) as {
      response: { attestationObject: string };
    };
    // authData is the last value of the attestation map: grow its byte string by one trailing byte.
    const att = Buffer.from(json.response.attestationObject, 'base64url');
    const at = att.lastIndexOf(Buffer.from('authData'));
    const lenAt = at + 'authData'.length;
    expect(att[lenAt]).toBe(0x58); // byte string, one-byte length
    const tampered = Buffer.concat([att.subarray(0, lenAt + 1), Buffer.from([att[lenAt + 1] + 1])]);
    const rest = Buffer.concat([att.subarray(lenAt + 2), Buffer.from([0x00])]);
    json.response.attestationObject = Buffer.concat([tampered, rest]).toString('base64url');
    await expect(verifyRegistration(JSON.stringify(json), { challenge, origin, rpId })).rejects.toThrow(
      WebAuthnError,
    );
  });

  it('accepts a signed assertion and refuses a wrong signer, a replayed counter and an unknown key', async () => {
    const { key, stored } = await registered();
    const ok = await verifyAssertion(assert(key, { origin, rpId, challenge }), { challenge, origin, rpId }, [
      stored,
    ]);
    expect(ok.signCount).toBe(1);
    const later = { ...stored, sign_count: 5 };
    await expect(
      verifyAssertion(assert(key, { origin, rpId, challenge }, { counter: 5 }), { challenge, origin, rpId }, [
        later,
      ]),
    ).rejects.toThrow(/counter/);
    const other = generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey;
    await expect(
      verifyAssertion(
        assert(key, { origin, rpId, challenge }, { signer: other }),
        { challenge, origin, rpId },
        [stored],
      ),
    ).rejects.toThrow(/signature/);
    await expect(
      verifyAssertion(assert(newKey(), { origin, rpId, challenge }), { challenge, origin, rpId }, [stored]),
    ).rejects.toThrow(/not registered/);
    await expect(
      verifyAssertion(
        assert(key, { origin: 'https://evil.example', rpId, challenge }),
        { challenge, origin, rpId },
        [stored],
      ),
    ).rejects.toThrow(WebAuthnError);
  });

  it.each([['not json'], ['{}'], ['{"type":"public-key","response":{"clientDataJSON":"***"}}']])(
    'refuses garbage %s',
    async (raw) => {
      await expect(verifyRegistration(raw, { challenge, origin, rpId })).rejects.toThrow(WebAuthnError);
    },
  );

  it.each([
    ['https://console.example', 'console.example'],
    ['http://localhost:8080', 'localhost'],
    ['http://127.0.0.1:8080', null],
    ['http://[::1]:8080', null],
  ])('RP ID of %s is %p', (o, expected) => {
    expect(rpIdFor(o)).toBe(expected);
  });

  it('serves a script whose integrity value matches it', () => {
    const { createHash } = jest.requireActual<typeof import('node:crypto')>('node:crypto');
    expect(WEBAUTHN_SCRIPT_INTEGRITY).toBe(
      `sha512-${createHash('sha512').update(WEBAUTHN_SCRIPT).digest('base64')}`,
    );
  });

  it('migrates a key stored as a JWK (format 1) so it still signs in', async () => {
    const key = newKey();
    const x = key.cose.get(-2) as Buffer;
    const y = key.cose.get(-3) as Buffer;
    const formatOne = {
      id: key.id.toString('base64url'),
      public_key: { kty: 'EC', crv: 'P-256', x: x.toString('base64url'), y: y.toString('base64url') },
      alg: -7,
      sign_count: 0,
      display_name: 'old key',
      added_at: new Date().toISOString(),
    };
    const db = openDatabase(':memory:');
    migrate(db, 'identity', identityMigrations.slice(0, 1));
    db.prepare(
      "INSERT INTO identities (id, schema_id, traits, created_at, updated_at) VALUES ('i1', 'default', '{}', 0, 0)",
    ).run();
    db.prepare(
      "INSERT INTO credentials (id, identity_id, type, config, created_at, updated_at) VALUES ('c1', 'i1', 'webauthn', ?, 0, 0)",
    ).run(JSON.stringify({ user_handle: 'u', credentials: [formatOne] }));
    migrate(db, 'identity', identityMigrations);
    const stored = (
      JSON.parse(
        (db.prepare("SELECT config FROM credentials WHERE id = 'c1'").get() as { config: string }).config,
      ) as {
        credentials: StoredWebAuthnCredential[];
      }
    ).credentials[0];
    db.close();
    expect(typeof stored.public_key).toBe('string');
    const ok = await verifyAssertion(assert(key, { origin, rpId, challenge }), { challenge, origin, rpId }, [
      stored,
    ]);
    expect(ok.signCount).toBe(1);
  });
});

function expectSchema(name: string, body: unknown): void {
  const v = validator(`#/components/schemas/${name}`);
  if (!v(body)) throw new Error(`${name}: ${ajv.errorsText(v.errors)}`);
}

describe('security keys through the server', () => {
  const ORIGIN = 'http://localhost:8080';
  let mailbox: MailBox;
  let h: Harness;
  beforeAll(async () => {
    mailbox = await startMailBox();
    h = await startHarness({ smtpUrl: mailbox.url, publicUrl: ORIGIN });
  });
  afterAll(async () => {
    await h.close();
    await mailbox.close();
  });

  it('adds a key in settings, then signs in with it as the second factor', async () => {
    const c = new Client(h.app);
    const email = `key-${Date.now()}@example.test`;
    await signUpVerified(c, mailbox, email);
    await logIn(c, email);
    const settings = await c.init('settings');
    expectSchema('settingsFlow', settings.json);
    const trigger = node(settings.json, 'webauthn_register_trigger');
    expect(trigger.attributes).toMatchObject({ type: 'button', onclickTrigger: 'oryWebAuthnRegistration' });
    expect(trigger.meta.label).toMatchObject({ id: 1050012, text: 'Add security key' });
    const script = settings.json.ui.nodes.find((n: { type: string }) => n.type === 'script');
    expect(script.attributes).toMatchObject({
      src: `${ORIGIN}/identity/.well-known/ory/webauthn.js`,
      integrity: WEBAUTHN_SCRIPT_INTEGRITY,
      crossorigin: 'anonymous',
    });
    const served = await c.get(script.attributes.src, false);
    expect(served.status).toBe(200);
    expect(served.body).toBe(WEBAUTHN_SCRIPT);

    const options = JSON.parse(trigger.attributes.value).publicKey;
    expect(options).toMatchObject({ rp: { id: 'localhost' }, attestation: 'none', user: { name: email } });
    const key = newKey();
    const bad = await c.submit(settings.json, {
      method: 'webauthn',
      webauthn_register: attest(key, {
        origin: 'http://evil.example',
        rpId: 'localhost',
        challenge: options.challenge,
      }),
    });
    expect(bad.status).toBe(400);
    expect(bad.json.ui.messages[0]).toMatchObject({ id: 4000001, text: 'The origin does not match.' });
    const added = await c.submit(settings.json, {
      method: 'webauthn',
      webauthn_register_displayname: 'Desk key',
      webauthn_register: attest(key, { origin: ORIGIN, rpId: 'localhost', challenge: options.challenge }),
    });
    expect(added.status).toBe(200);
    expect(added.json.state).toBe('success');
    expectSchema('settingsFlow', added.json);
    expect(node(added.json, 'webauthn_remove', key.id.toString('base64url')).meta.label.text).toBe(
      'Remove security key "Desk key"',
    );
    expect((await c.get('/identity/sessions/whoami')).json.authenticator_assurance_level).toBe('aal2');
    // The used challenge is gone: the same answer cannot add the key twice.
    const again = await c.submit(settings.json, {
      method: 'webauthn',
      webauthn_register: attest(key, { origin: ORIGIN, rpId: 'localhost', challenge: options.challenge }),
    });
    expect(again.status).toBe(400);

    await c.get((await c.get('/identity/self-service/logout/browser')).json.logout_url);
    const first = await logIn(c, email);
    expect(first.status).toBe(422);
    const aal2 = await c.get(first.json.redirect_browser_to);
    expectSchema('loginFlow', aal2.json);
    const loginTrigger = node(aal2.json, 'webauthn_login_trigger');
    expect(loginTrigger.attributes.onclickTrigger).toBe('oryWebAuthnLogin');
    const request = JSON.parse(loginTrigger.attributes.value).publicKey;
    expect(request.allowCredentials).toEqual([{ type: 'public-key', id: key.id.toString('base64url') }]);
    const wrong = await c.submit(aal2.json, {
      method: 'webauthn',
      webauthn_login: assert(key, { origin: ORIGIN, rpId: 'localhost', challenge: 'AAAA' }),
    });
    expect(wrong.status).toBe(400);
    expect(messageIds(wrong.json)).toEqual([4000001]);
    // Each attempt consumes the challenge: read the new one, as the page does after a failure.
    const fresh = await c.get(`/identity/self-service/login/flows?id=${aal2.json.id}`);
    const challenge = JSON.parse(node(fresh.json, 'webauthn_login_trigger').attributes.value).publicKey
      .challenge;
    // The browser script posts the form natively: form-encoded, without `method`.
    const ok = await c.submit(
      fresh.json,
      { webauthn_login: assert(key, { origin: ORIGIN, rpId: 'localhost', challenge }) },
      { form: true },
    );
    expect(ok.status).toBe(303);
    expect(ok.location).toBe(`${ORIGIN}/`);
    const who = await c.get('/identity/sessions/whoami');
    expect(who.json.authenticator_assurance_level).toBe('aal2');
    expect(who.json.authentication_methods.map((m: { method: string }) => m.method)).toEqual([
      'password',
      'webauthn',
    ]);

    const settings2 = await c.init('settings');
    const removed = await c.submit(settings2.json, {
      method: 'webauthn',
      webauthn_remove: key.id.toString('base64url'),
    });
    expect(removed.json.state).toBe('success');
    expect(node(removed.json, 'webauthn_remove')).toBeUndefined();
  });

  it('offers no security keys on an IP-address origin, where browsers refuse them', async () => {
    const plain = await startHarness({ smtpUrl: mailbox.url });
    try {
      const c = new Client(plain.app);
      const email = `ip-${Date.now()}@example.test`;
      await signUpVerified(c, mailbox, email);
      await logIn(c, email);
      const settings = await c.init('settings');
      expect(settings.status).toBe(200);
      expect(settings.json.ui.nodes.some((n: { group: string }) => n.group === 'webauthn')).toBe(false);
      const res = await c.submit(settings.json, { method: 'webauthn', webauthn_register: '{}' });
      expect(messageIds(res.json)).toEqual([4010004]);
    } finally {
      await plain.close();
    }
  });
});
