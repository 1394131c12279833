/** Wire shapes: flows (with their `ui` nodes per kind and state), identities and sessions, as the contract has them. */
import { randomBytes } from 'node:crypto';
import QRCode from 'qrcode';
import { generateURI } from 'otplib';
import type { ServiceContext } from './context';
import {
  anchorNode,
  csrfNode,
  decorate,
  imageNode,
  inputNode,
  scriptNode,
  textNode,
  type UiNode,
} from './nodes';
import { creationOptions, requestOptions } from '../service-kit/webauthn';
import { WEBAUTHN_SCRIPT_INTEGRITY, WEBAUTHN_SCRIPT_PATH } from './webauthn/script';
import type { FlowRecord, IdentityRecord, LookupCode, OidcCredential, SessionRecord } from './repo';
import { MSG, uiText, type UiText } from './text';

export const TOTP_ISSUER = 'Rampart';
export const SCHEMA_ID = 'default';
const QR_SIZE = 256;

export interface TotpCredential {
  totp_url: string;
  last_time_step?: number;
}
export interface LookupCredential {
  recovery_codes: LookupCode[];
}

const iso = (ms: number | null | undefined) => (ms ? new Date(ms).toISOString() : undefined);

export function emailLabel(): UiText {
  // Label generated from the identity schema's title of the trait (`InfoNodeLabelGenerated`).
  return uiText(MSG.labelGenerated, { text: 'E-Mail', title: 'E-Mail', name: 'traits.email' });
}

export function identityJson(ctx: ServiceContext, identity: IdentityRecord): Record<string, unknown> {
  return {
    id: identity.id,
    schema_id: identity.schemaId,
    schema_url: ctx.urls.url(`/schemas/${Buffer.from(identity.schemaId).toString('base64url')}`),
    state: identity.state,
    traits: identity.traits,
    verifiable_addresses: ctx.repo.verifiableAddresses(identity.id).map((a) => ({
      id: a.id,
      value: a.value,
      verified: a.verified,
      via: a.via,
      status: a.status,
      ...(a.verifiedAt ? { verified_at: iso(a.verifiedAt) } : {}),
      created_at: iso(a.createdAt),
      updated_at: iso(a.updatedAt),
    })),
    recovery_addresses: ctx.repo.recoveryAddresses(identity.id).map((a) => ({
      id: a.id,
      value: a.value,
      via: a.via,
      created_at: iso(a.created_at),
      updated_at: iso(a.updated_at),
    })),
    metadata_public: identity.metadataPublic ?? null,
    created_at: iso(identity.createdAt),
    updated_at: iso(identity.updatedAt),
  };
}

export function sessionJson(
  ctx: ServiceContext,
  session: SessionRecord,
  identity: IdentityRecord,
): Record<string, unknown> {
  return {
    id: session.id,
    active: session.active && session.expiresAt > ctx.now(),
    expires_at: iso(session.expiresAt),
    authenticated_at: iso(session.authenticatedAt),
    authenticator_assurance_level: session.aal,
    authentication_methods: session.methods,
    issued_at: iso(session.issuedAt),
    identity: identityJson(ctx, identity),
    devices: [
      {
        id: session.id,
        ...(session.ipAddress ? { ip_address: session.ipAddress } : {}),
        ...(session.userAgent ? { user_agent: session.userAgent } : {}),
      },
    ],
  };
}

function webauthnScript(ctx: ServiceContext): UiNode {
  return scriptNode(
    'webauthn',
    'webauthn_script',
    ctx.urls.url(WEBAUTHN_SCRIPT_PATH),
    WEBAUTHN_SCRIPT_INTEGRITY,
    randomBytes(16).toString('base64url'),
  );
}

/** Settings: add a security key (display name, trigger with the creation options, hidden result), remove each one. */
function webauthnSettingsNodes(ctx: ServiceContext, flow: FlowRecord, identity: IdentityRecord): UiNode[] {
  if (!ctx.urls.rpId || !flow.data.webauthnChallenge) return [];
  const config = ctx.repo.getCredential<{ user_handle: string }>(identity.id, 'webauthn');
  const keys = ctx.sessions.webauthnKeys(identity.id);
  const options = creationOptions({
    challenge: flow.data.webauthnChallenge,
    rpId: ctx.urls.rpId,
    rpName: TOTP_ISSUER,
    // A stable handle per account; before the first key it is derived from the flow's challenge and saved with the key.
    userHandle: config?.user_handle ?? flow.data.webauthnChallenge,
    userName: identity.traits.email,
    exclude: keys.map((k) => k.id),
  });
  return [
    inputNode('webauthn', 'webauthn_register_displayname', 'text', {}, uiText(MSG.webauthnDisplayName)),
    inputNode(
      'webauthn',
      'webauthn_register_trigger',
      'button',
      { value: JSON.stringify(options), onclickTrigger: 'oryWebAuthnRegistration' },
      uiText(MSG.webauthnAdd),
    ),
    inputNode('webauthn', 'webauthn_register', 'hidden', { value: '' }),
    ...keys.map((k) =>
      inputNode(
        'webauthn',
        'webauthn_remove',
        'submit',
        { value: k.id },
        uiText(MSG.webauthnRemove, { display_name: k.display_name }),
      ),
    ),
    webauthnScript(ctx),
  ];
}

function webauthnLoginNodes(ctx: ServiceContext, flow: FlowRecord, identityId: string): UiNode[] {
  const keys = ctx.sessions.webauthnKeys(identityId);
  if (!ctx.urls.rpId || !flow.data.webauthnChallenge || keys.length === 0) return [];
  const options = requestOptions({
    challenge: flow.data.webauthnChallenge,
    rpId: ctx.urls.rpId,
    allow: keys.map((k) => k.id),
  });
  return [
    inputNode(
      'webauthn',
      'webauthn_login_trigger',
      'button',
      { value: JSON.stringify(options), onclickTrigger: 'oryWebAuthnLogin' },
      uiText(MSG.loginWebAuthn),
    ),
    inputNode('webauthn', 'webauthn_login', 'hidden', { value: '' }),
    webauthnScript(ctx),
  ];
}

function providerNodes(ctx: ServiceContext, labelId: number): UiNode[] {
  return ctx.providers.map((p) =>
    inputNode('oidc', 'provider', 'submit', { value: p.id }, uiText(labelId, { provider: p.name })),
  );
}

function loginNodes(ctx: ServiceContext, flow: FlowRecord): UiNode[] {
  const csrf = csrfNode(flow.csrfToken);
  if (flow.data.requestedAal === 'aal2' && flow.identityId) {
    const nodes = [csrf];
    if (ctx.repo.getCredential(flow.identityId, 'totp')) {
      nodes.push(
        inputNode(
          'totp',
          'totp_code',
          'text',
          { required: true, autocomplete: 'one-time-code' },
          uiText(MSG.loginTotpLabel),
        ),
        inputNode('totp', 'method', 'submit', { value: 'totp' }, uiText(MSG.loginUseTotp)),
      );
    }
    const lookup = ctx.repo.getCredential<LookupCredential>(flow.identityId, 'lookup_secret');
    if (lookup && lookup.recovery_codes.length > 0) {
      nodes.push(
        inputNode('lookup_secret', 'lookup_secret', 'text', { required: true }, uiText(MSG.loginLookupLabel)),
        inputNode(
          'lookup_secret',
          'method',
          'submit',
          { value: 'lookup_secret' },
          uiText(MSG.loginUseLookup),
        ),
      );
    }
    nodes.push(...webauthnLoginNodes(ctx, flow, flow.identityId));
    return nodes;
  }
  const identity = flow.data.refresh && flow.identityId ? ctx.repo.getIdentity(flow.identityId) : null;
  const identifier = identity
    ? inputNode('default', 'identifier', 'hidden', { value: identity.traits.email, required: true })
    : inputNode(
        'default',
        'identifier',
        'text',
        { value: '', required: true, autocomplete: 'username' },
        uiText(MSG.labelId),
      );
  return [
    identifier,
    csrf,
    inputNode(
      'password',
      'password',
      'password',
      { required: true, autocomplete: 'current-password' },
      uiText(MSG.labelPassword),
    ),
    inputNode('password', 'method', 'submit', { value: 'password' }, uiText(MSG.loginPassword)),
    ...(identity ? [] : providerNodes(ctx, MSG.loginWith)),
  ];
}

function registrationNodes(ctx: ServiceContext, flow: FlowRecord): UiNode[] {
  return [
    csrfNode(flow.csrfToken),
    inputNode('default', 'traits.email', 'email', { required: true, autocomplete: 'email' }, emailLabel()),
    inputNode(
      'password',
      'password',
      'password',
      { required: true, autocomplete: 'new-password' },
      uiText(MSG.labelPassword),
    ),
    inputNode('password', 'method', 'submit', { value: 'password' }, uiText(MSG.registration)),
    ...providerNodes(ctx, MSG.registrationWith),
  ];
}

function codeNodes(flow: FlowRecord, codeLabel: number, emailLabelId: number): UiNode[] {
  const csrf = csrfNode(flow.csrfToken);
  if (flow.state === 'choose_method') {
    return [
      csrf,
      inputNode('code', 'email', 'email', { required: true, autocomplete: 'email' }, uiText(emailLabelId)),
      inputNode('code', 'method', 'submit', { value: 'code' }, uiText(MSG.labelContinue)),
    ];
  }
  if (flow.state === 'sent_email') {
    return [
      csrf,
      inputNode(
        'code',
        'code',
        'text',
        { required: true, autocomplete: 'one-time-code', pattern: '[0-9]+', maxlength: 6 },
        uiText(codeLabel),
      ),
      inputNode('code', 'method', 'hidden', { value: 'code' }),
      inputNode('code', 'method', 'submit', { value: 'code' }, uiText(MSG.labelContinue)),
      inputNode('code', 'email', 'submit', { value: flow.data.email ?? '' }, uiText(MSG.labelResend)),
    ];
  }
  return [csrf];
}

async function settingsNodes(
  ctx: ServiceContext,
  flow: FlowRecord,
  identity: IdentityRecord,
): Promise<UiNode[]> {
  const nodes: UiNode[] = [
    csrfNode(flow.csrfToken),
    inputNode(
      'profile',
      'traits.email',
      'email',
      { value: identity.traits.email, required: true, autocomplete: 'email' },
      emailLabel(),
    ),
    inputNode('profile', 'method', 'submit', { value: 'profile' }, uiText(MSG.labelSave)),
    inputNode(
      'password',
      'password',
      'password',
      { required: true, autocomplete: 'new-password' },
      uiText(MSG.labelPassword),
    ),
    inputNode('password', 'method', 'submit', { value: 'password' }, uiText(MSG.labelSave)),
  ];
  const totp = ctx.repo.getCredential<TotpCredential>(identity.id, 'totp');
  if (totp) {
    nodes.push(inputNode('totp', 'totp_unlink', 'submit', { value: 'true' }, uiText(MSG.unlinkTotp)));
  } else if (flow.data.totpSecret) {
    const uri = totpUri(identity.traits.email, flow.data.totpSecret);
    const src = await QRCode.toDataURL(uri, { width: QR_SIZE, margin: 1, errorCorrectionLevel: 'M' });
    nodes.push(
      imageNode('totp', 'totp_qr', src, QR_SIZE, uiText(MSG.totpQr)),
      textNode(
        'totp',
        'totp_secret_key',
        uiText(MSG.totpSecret, { secret: flow.data.totpSecret }),
        uiText(MSG.totpSecretLabel),
      ),
      inputNode(
        'totp',
        'totp_code',
        'text',
        { required: true, autocomplete: 'one-time-code', pattern: '[0-9]+', maxlength: 6 },
        uiText(MSG.labelVerifyOtp),
      ),
      inputNode('totp', 'method', 'submit', { value: 'totp' }, uiText(MSG.labelSave)),
    );
  }
  const lookup = ctx.repo.getCredential<LookupCredential>(identity.id, 'lookup_secret');
  const hasCodes = !!lookup && lookup.recovery_codes.length > 0;
  if (flow.data.lookupPending) {
    nodes.push(
      lookupCodesNode(flow.data.lookupPending.map((code) => ({ code }))),
      inputNode(
        'lookup_secret',
        'lookup_secret_regenerate',
        'submit',
        { value: 'true' },
        uiText(MSG.regenerateLookup),
      ),
      inputNode(
        'lookup_secret',
        'lookup_secret_confirm',
        'submit',
        { value: 'true' },
        uiText(MSG.confirmLookup),
      ),
    );
  } else if (hasCodes && flow.data.lookupReveal) {
    nodes.push(
      lookupCodesNode(lookup.recovery_codes),
      inputNode(
        'lookup_secret',
        'lookup_secret_regenerate',
        'submit',
        { value: 'true' },
        uiText(MSG.regenerateLookup),
      ),
      inputNode(
        'lookup_secret',
        'lookup_secret_disable',
        'submit',
        { value: 'true' },
        uiText(MSG.disableLookup),
      ),
    );
  } else if (hasCodes) {
    nodes.push(
      inputNode(
        'lookup_secret',
        'lookup_secret_reveal',
        'submit',
        { value: 'true' },
        uiText(MSG.revealLookup),
      ),
    );
  } else {
    nodes.push(
      inputNode(
        'lookup_secret',
        'lookup_secret_regenerate',
        'submit',
        { value: 'true' },
        uiText(MSG.regenerateLookup),
      ),
    );
  }
  nodes.push(...webauthnSettingsNodes(ctx, flow, identity));
  nodes.push(...linkNodes(ctx, identity));
  return nodes;
}

/** The providers a signed-in account may link, or unlink while it keeps another way to sign in. */
export function linkedProviders(ctx: ServiceContext, identityId: string): string[] {
  return (ctx.repo.getCredential<OidcCredential>(identityId, 'oidc')?.providers ?? []).map((p) => p.provider);
}

/** Whether unlinking one provider still leaves the account a way to sign in (a password or another provider). */
export function canUnlink(ctx: ServiceContext, identityId: string): boolean {
  return !!ctx.repo.getCredential(identityId, 'password') || linkedProviders(ctx, identityId).length > 1;
}

function linkNodes(ctx: ServiceContext, identity: IdentityRecord): UiNode[] {
  const linked = linkedProviders(ctx, identity.id);
  const unlinkable = canUnlink(ctx, identity.id);
  const nodes: UiNode[] = [];
  for (const p of ctx.providers) {
    if (p.kind !== 'oidc') continue;
    if (!linked.includes(p.id))
      nodes.push(
        inputNode('oidc', 'link', 'submit', { value: p.id }, uiText(MSG.linkOidc, { provider: p.name })),
      );
    else if (unlinkable)
      nodes.push(
        inputNode('oidc', 'unlink', 'submit', { value: p.id }, uiText(MSG.unlinkOidc, { provider: p.name })),
      );
  }
  return nodes;
}

function lookupCodesNode(codes: LookupCode[]): UiNode {
  const secrets = codes.map((c) =>
    c.used_at
      ? uiText(MSG.lookupSecretUsed, {
          used_at: c.used_at,
          used_at_unix: Math.floor(Date.parse(c.used_at) / 1000),
        })
      : uiText(MSG.lookupSecret, { secret: c.code }),
  );
  const list = uiText(MSG.lookupSecretList, { text: secrets.map((s) => s.text).join(', '), secrets });
  return textNode('lookup_secret', 'lookup_secret_codes', list, uiText(MSG.lookupSecretLabel));
}

export function totpUri(email: string, secret: string): string {
  return generateURI({ issuer: TOTP_ISSUER, label: email, secret });
}

/** The flow as the contract returns it (`loginFlow`, `registrationFlow`, `recoveryFlow`, `verificationFlow`, `settingsFlow`). */
export async function flowJson(ctx: ServiceContext, flow: FlowRecord): Promise<Record<string, unknown>> {
  let nodes: UiNode[];
  let method = 'POST';
  let action = ctx.urls.url(`/self-service/${flow.kind}`, { flow: flow.id });
  let identity: IdentityRecord | null = null;
  switch (flow.kind) {
    case 'login':
      nodes = loginNodes(ctx, flow);
      break;
    case 'registration':
      nodes = registrationNodes(ctx, flow);
      break;
    case 'recovery':
      nodes = codeNodes(flow, MSG.labelRecoveryCode, MSG.labelEmail);
      break;
    case 'verification':
      nodes = codeNodes(flow, MSG.labelVerificationCode, MSG.labelEmail);
      if (flow.state === 'passed_challenge') {
        method = 'GET';
        action = flow.data.continueUrl ?? ctx.urls.defaultReturn;
        nodes.push(anchorNode('code', 'continue', action, uiText(MSG.labelContinue)));
      }
      break;
    case 'settings':
      identity = flow.identityId ? ctx.repo.getIdentity(flow.identityId) : null;
      nodes = identity ? await settingsNodes(ctx, flow, identity) : [csrfNode(flow.csrfToken)];
      break;
  }
  decorate(nodes, flow.data.values, flow.data.fieldMessages);
  const ui: Record<string, unknown> = { action, method, nodes };
  if (flow.data.messages.length > 0) ui.messages = flow.data.messages;
  const out: Record<string, unknown> = {
    id: flow.id,
    type: flow.type,
    expires_at: iso(flow.expiresAt),
    issued_at: iso(flow.issuedAt),
    request_url: flow.requestUrl,
    ...(flow.returnTo ? { return_to: flow.returnTo } : {}),
    ui,
    state: flow.state,
  };
  if (flow.kind === 'login') {
    out.refresh = !!flow.data.refresh;
    out.requested_aal = flow.data.requestedAal ?? 'aal1';
    out.created_at = iso(flow.issuedAt);
    out.updated_at = iso(flow.issuedAt);
  }
  if (flow.kind === 'recovery' || flow.kind === 'settings') out.continue_with = flow.data.continueWith ?? [];
  if (flow.kind === 'settings' && identity) out.identity = identityJson(ctx, identity);
  return out;
}
