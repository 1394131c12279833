/**
 * WebAuthn as a second factor: the CBOR decoder, the ceremony checks against a software authenticator, and the
 * settings + aal2 login journey through the server.
 */
import { generateKeyPairSync } from 'node:crypto';
import { decodeCbor, CborError } from '../../src/identity-service/webauthn/cbor';
import {
  rpIdFor,
  verifyAssertion,
  verifyRegistration,
  WebAuthnError,
  type StoredWebAuthnCredential,
} from '../../src/identity-service/webauthn/ceremony';
import { WEBAUTHN_SCRIPT, WEBAUTHN_SCRIPT_INTEGRITY } from '../../src/identity-service/webauthn/script';
import { assert, attest, encodeCbor, newKey } from './softAuthenticator';
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

describe('CBOR decoder', () => {
  it.each([
    ['00', 0],
    ['17', 23],
    ['1818', 24],
    ['1903e8', 1000],
    ['1a000f4240', 1000000],
    ['20', -1],
    ['3903e7', -1000],
    ['f4', false],
    ['f5', true],
    ['f6', null],
    ['6449455446', 'IETF'],
    ['f93c00', 1],
    ['fb3ff199999999999a', 1.1],
  ])('%s → %p', (hex, expected) => {
    expect(decodeCbor(Buffer.from(hex, 'hex'))).toEqual(expected);
  });

  it('decodes byte strings, arrays, maps and tags', () => {
    expect(decodeCbor(Buffer.from('43010203', 'hex'))).toEqual(Buffer.from([1, 2, 3]));
    expect(decodeCbor(Buffer.from('83010203', 'hex'))).toEqual([1, 2, 3]);
    expect(decodeCbor(Buffer.from('a201020304', 'hex'))).toEqual(
      new Map([
        [1, 2],
        [3, 4],
      ]),
    );
    expect(decodeCbor(Buffer.from('c11a514b67b0', 'hex'))).toBe(1363896240);
  });

  it.each([
    ['18'],
    ['43 0102'],
    ['9f'],
    ['5f'],
    ['a1 01'],
    ['0000'],
    ['5b ffffffffffffffff'],
    ['81'.repeat(21) + '00'],
  ])('refuses malformed input %s', (hex) => {
    expect(() => decodeCbor(Buffer.from(hex.replace(/ /g, ''), 'hex'))).toThrow(CborError);
  });
});

describe('ceremony checks', () => {
  const origin = 'https://console.example';
  const rpId = 'console.example';
  const challenge = Buffer.alloc(32, 7).toString('base64url');

  function registered(): { key: ReturnType<typeof newKey>; stored: StoredWebAuthnCredential } {
    const key = newKey();
    const r = verifyRegistration(attest(key, { origin, rpId, challenge }), { challenge, origin, rpId });
    return { key, stored: { ...r, display_name: 'k', added_at: new Date().toISOString() } };
  }

  it('accepts a none attestation and a packed self attestation', () => {
    const key = newKey();
    const r = verifyRegistration(attest(key, { origin, rpId, challenge }), { challenge, origin, rpId });
    expect(r).toMatchObject({
      id: key.id.toString('base64url'),
      alg: -7,
      sign_count: 0,
      public_key: { kty: 'EC', crv: 'P-256' },
    });
    expect(
      verifyRegistration(attest(newKey(), { origin, rpId, challenge, fmt: 'packed' }), {
        challenge,
        origin,
        rpId,
      }).alg,
    ).toBe(-7);
  });

  it.each([
    ['another origin', { origin: 'https://evil.example' }, /origin/],
    ['another challenge', { challenge: Buffer.alloc(32, 8).toString('base64url') }, /challenge/],
    ['another RP ID', { rpId: 'evil.example' }, /RP ID/],
    ['a get ceremony', { type: 'webauthn.get' }, /type/],
    ['no user presence', { flags: 0x40 }, /present/],
    ['an attestation certificate format', { fmt: 'fido-u2f' as const }, /not accepted/],
  ])('refuses registration with %s', (_what, change, message) => {
    const json = attest(newKey(), { origin, rpId, challenge, ...change });
    expect(() => verifyRegistration(json, { challenge, origin, rpId })).toThrow(message);
  });

  it('accepts a signed assertion and refuses a wrong signer, a replayed counter and an unknown key', () => {
    const { key, stored } = registered();
    const ok = verifyAssertion(assert(key, { origin, rpId, challenge }), { challenge, origin, rpId }, [
      stored,
    ]);
    expect(ok.signCount).toBe(1);
    const later = { ...stored, sign_count: 5 };
    expect(() =>
      verifyAssertion(assert(key, { origin, rpId, challenge }, { counter: 5 }), { challenge, origin, rpId }, [
        later,
      ]),
    ).toThrow(/counter/);
    const other = generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey;
    expect(() =>
      verifyAssertion(
        assert(key, { origin, rpId, challenge }, { signer: other }),
        { challenge, origin, rpId },
        [stored],
      ),
    ).toThrow(/signature/);
    expect(() =>
      verifyAssertion(assert(newKey(), { origin, rpId, challenge }), { challenge, origin, rpId }, [stored]),
    ).toThrow(/not registered/);
    expect(() =>
      verifyAssertion(
        assert(key, { origin: 'https://evil.example', rpId, challenge }),
        { challenge, origin, rpId },
        [stored],
      ),
    ).toThrow(WebAuthnError);
  });

  it.each([['not json'], ['{}'], ['{"type":"public-key","response":{"clientDataJSON":"***"}}']])(
    'refuses garbage %s',
    (raw) => {
      expect(() => verifyRegistration(raw, { challenge, origin, rpId })).toThrow(WebAuthnError);
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
    expect(encodeCbor(1).length).toBe(1);
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
