/**
 * The browser half of WebAuthn, served at `<identity base>/.well-known/ory/webauthn.js` and named by the flows' script
 * node (with its SRI hash). It defines the triggers the nodes name in `onclickTrigger` (`oryWebAuthnRegistration`,
 * `oryWebAuthnLogin`): they read the options from the trigger button's value, run the ceremony, put the result JSON
 * into the hidden `webauthn_register` / `webauthn_login` input and post the form natively (so a script-managed form
 * posts the field too).
 */
import { createHash } from 'node:crypto';

export const WEBAUTHN_SCRIPT = `(function () {
  'use strict';
  if (typeof window === 'undefined' || window.oryWebAuthnRegistration) return;
  function decode(value) {
    var s = String(value).replace(/-/g, '+').replace(/_/g, '/');
    while (s.length % 4) s += '=';
    var bin = atob(s);
    var out = new Uint8Array(bin.length);
    for (var i = 0; i < bin.length; i++) out[i] = bin.charCodeAt(i);
    return out;
  }
  function encode(buffer) {
    if (!buffer) return '';
    var bytes = new Uint8Array(buffer);
    var bin = '';
    for (var i = 0; i < bytes.length; i++) bin += String.fromCharCode(bytes[i]);
    return btoa(bin).replace(/\\+/g, '-').replace(/\\//g, '_').replace(/=+$/, '');
  }
  function options(given, triggerName) {
    if (given && typeof given === 'object') return JSON.parse(JSON.stringify(given));
    if (typeof given === 'string') return JSON.parse(given);
    var trigger = document.querySelector('[name="' + triggerName + '"]');
    return JSON.parse(trigger ? trigger.value : '{}');
  }
  function finish(resultName, triggerName, payload) {
    var input = document.querySelector('[name="' + resultName + '"]');
    var trigger = document.querySelector('[name="' + triggerName + '"]');
    var form = (input && input.form) || (trigger && trigger.closest('form'));
    if (!input || !form) throw new Error('The sign-in form is missing the ' + resultName + ' field.');
    input.value = JSON.stringify(payload);
    HTMLFormElement.prototype.submit.call(form);
  }
  function fail(error) {
    if (error && error.name === 'NotAllowedError') return; // cancelled or timed out by the user
    window.alert('The security key could not be used: ' + (error && error.message ? error.message : String(error)));
  }
  function oryWebAuthnRegistration(given) {
    if (!window.PublicKeyCredential) return fail(new Error('this browser does not support security keys'));
    var opt = options(given, 'webauthn_register_trigger');
    opt.publicKey.challenge = decode(opt.publicKey.challenge);
    opt.publicKey.user.id = decode(opt.publicKey.user.id);
    opt.publicKey.excludeCredentials = (opt.publicKey.excludeCredentials || []).map(function (c) {
      return { type: c.type, id: decode(c.id) };
    });
    return navigator.credentials.create(opt).then(function (credential) {
      finish('webauthn_register', 'webauthn_register_trigger', {
        id: credential.id,
        rawId: encode(credential.rawId),
        type: credential.type,
        response: {
          clientDataJSON: encode(credential.response.clientDataJSON),
          attestationObject: encode(credential.response.attestationObject)
        }
      });
    }).catch(fail);
  }
  function oryWebAuthnLogin(given) {
    if (!window.PublicKeyCredential) return fail(new Error('this browser does not support security keys'));
    var opt = options(given, 'webauthn_login_trigger');
    opt.publicKey.challenge = decode(opt.publicKey.challenge);
    opt.publicKey.allowCredentials = (opt.publicKey.allowCredentials || []).map(function (c) {
      return { type: c.type, id: decode(c.id) };
    });
    return navigator.credentials.get(opt).then(function (credential) {
      finish('webauthn_login', 'webauthn_login_trigger', {
        id: credential.id,
        rawId: encode(credential.rawId),
        type: credential.type,
        response: {
          clientDataJSON: encode(credential.response.clientDataJSON),
          authenticatorData: encode(credential.response.authenticatorData),
          signature: encode(credential.response.signature),
          userHandle: encode(credential.response.userHandle)
        }
      });
    }).catch(fail);
  }
  window.oryWebAuthnRegistration = oryWebAuthnRegistration;
  window.oryWebAuthnLogin = oryWebAuthnLogin;
  window.__oryWebAuthnRegistration = oryWebAuthnRegistration;
  window.__oryWebAuthnLogin = oryWebAuthnLogin;
})();
`;

/** Subresource Integrity value of the script (the script node's `integrity`). */
export const WEBAUTHN_SCRIPT_INTEGRITY = `sha512-${createHash('sha512').update(WEBAUTHN_SCRIPT).digest('base64')}`;
export const WEBAUTHN_SCRIPT_PATH = '/.well-known/ory/webauthn.js';
