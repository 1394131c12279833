/** @jest-environment jsdom */
/**
 * The served WebAuthn browser script: runs the ceremony with the options from the trigger button, fills the hidden
 * result field with base64url JSON and posts the form natively. `navigator.credentials` is a stand-in (jsdom has none).
 */
import { WEBAUTHN_SCRIPT } from '../../src/identity-service/webauthn/script';

type Win = Window & {
  oryWebAuthnRegistration?: (opts?: unknown) => Promise<void>;
  oryWebAuthnLogin?: (opts?: unknown) => Promise<void>;
  PublicKeyCredential?: unknown;
};

const buf = (bytes: number[]) => new Uint8Array(bytes).buffer;

function setUp(html: string) {
  document.body.innerHTML = html;
  const submit = jest.spyOn(HTMLFormElement.prototype, 'submit').mockImplementation(() => undefined);
  const win = window as Win;
  win.PublicKeyCredential = function PublicKeyCredential() {};
  delete win.oryWebAuthnRegistration;
  // The script is plain browser JavaScript served as a file; evaluate it as the browser would.
  new Function(WEBAUTHN_SCRIPT)();
  return { win, submit };
}

afterEach(() => {
  jest.restoreAllMocks();
});

it('registers: decodes the options, encodes the result into webauthn_register and posts the form', async () => {
  const options = {
    publicKey: {
      challenge: Buffer.from([1, 2, 250]).toString('base64url'),
      user: { id: Buffer.from([9, 9]).toString('base64url'), name: 'a@example.test' },
      excludeCredentials: [{ type: 'public-key', id: Buffer.from([7]).toString('base64url') }],
    },
  };
  const { win, submit } = setUp(`<form method="POST" action="/identity/self-service/settings?flow=1">
      <input type="hidden" name="webauthn_register" value="">
      <button type="button" name="webauthn_register_trigger" value='${JSON.stringify(options)}'>Add security key</button>
    </form>`);
  const create = jest.fn().mockResolvedValue({
    id: 'AQI',
    rawId: buf([1, 2]),
    type: 'public-key',
    response: { clientDataJSON: buf([123, 125]), attestationObject: buf([0xa0, 0xff, 0xfe]) },
  });
  Object.defineProperty(navigator, 'credentials', { value: { create, get: jest.fn() }, configurable: true });
  await win.oryWebAuthnRegistration!();
  const passed = create.mock.calls[0][0].publicKey;
  expect(Array.from(passed.challenge)).toEqual([1, 2, 250]);
  expect(Array.from(passed.user.id)).toEqual([9, 9]);
  expect(Array.from(passed.excludeCredentials[0].id)).toEqual([7]);
  const value = JSON.parse((document.querySelector('[name="webauthn_register"]') as HTMLInputElement).value);
  expect(value).toEqual({
    id: 'AQI',
    rawId: 'AQI',
    type: 'public-key',
    response: { clientDataJSON: 'e30', attestationObject: 'oP_-' },
  });
  expect(submit).toHaveBeenCalledTimes(1);
});

it('logs in: fills webauthn_login with the signed assertion', async () => {
  const { win, submit } = setUp(
    `<form method="POST"><input type="hidden" name="webauthn_login"><button type="button" name="webauthn_login_trigger">Use key</button></form>`,
  );
  const get = jest.fn().mockResolvedValue({
    id: 'Bw',
    rawId: buf([7]),
    type: 'public-key',
    response: {
      clientDataJSON: buf([1]),
      authenticatorData: buf([2]),
      signature: buf([3]),
      userHandle: null,
    },
  });
  Object.defineProperty(navigator, 'credentials', { value: { create: jest.fn(), get }, configurable: true });
  await win.oryWebAuthnLogin!({
    publicKey: { challenge: 'AQ', allowCredentials: [{ type: 'public-key', id: 'Bw' }] },
  });
  expect(Array.from(get.mock.calls[0][0].publicKey.allowCredentials[0].id)).toEqual([7]);
  const value = JSON.parse((document.querySelector('[name="webauthn_login"]') as HTMLInputElement).value);
  expect(value.response).toEqual({
    clientDataJSON: 'AQ',
    authenticatorData: 'Ag',
    signature: 'Aw',
    userHandle: '',
  });
  expect(submit).toHaveBeenCalledTimes(1);
});

it('stays quiet when the user cancels, and tells other failures', async () => {
  const { win, submit } = setUp(
    `<form><input type="hidden" name="webauthn_login"><button type="button" name="webauthn_login_trigger" value='{"publicKey":{"challenge":"AQ"}}'></button></form>`,
  );
  const alert = jest.spyOn(window, 'alert').mockImplementation(() => undefined);
  const cancelled = Object.assign(new Error('cancelled'), { name: 'NotAllowedError' });
  const get = jest.fn().mockRejectedValueOnce(cancelled).mockRejectedValueOnce(new Error('device lost'));
  Object.defineProperty(navigator, 'credentials', { value: { create: jest.fn(), get }, configurable: true });
  await win.oryWebAuthnLogin!();
  expect(alert).not.toHaveBeenCalled();
  await win.oryWebAuthnLogin!();
  expect(alert).toHaveBeenCalledWith('The security key could not be used: device lost');
  expect(submit).not.toHaveBeenCalled();
});
