/**
 * UI texts with the contract's numeric ids (Ory Kratos `text/` catalogue, bundled in contract/messages.json).
 * Every message the service sends is built here, so ids, types and English texts always match the catalogue.
 */
import catalogue from './contract/messages.json';

export type UiTextType = 'info' | 'error' | 'success';

export interface UiText {
  id: number;
  text: string;
  type: UiTextType;
  context?: Record<string, unknown>;
}

interface CatalogueEntry {
  id: number;
  type: string;
  name: string;
  text: string | null;
  text_kind: string;
  format_args?: string[];
  context_keys?: string[];
}

const entries = new Map<number, CatalogueEntry>((catalogue as CatalogueEntry[]).map((e) => [e.id, e]));

/** Go fmt verbs used by the catalogue: %s %q %d %v %.2f and %[n]q (argument n again). */
export function formatGo(template: string, args: unknown[]): string {
  let next = 0;
  return template.replace(
    /%(?:\[(\d+)\])?(\.\d+)?([sqdvf%])/g,
    (_m, pos: string | undefined, prec: string | undefined, verb: string) => {
      if (verb === '%') return '%';
      const index = pos ? Number(pos) - 1 : next;
      next = index + 1;
      const arg = args[index];
      switch (verb) {
        case 'q':
          return JSON.stringify(String(arg));
        case 'd':
          return String(Math.trunc(Number(arg)));
        case 'f':
          return Number(arg).toFixed(prec ? Number(prec.slice(1)) : 6);
        default:
          return String(arg);
      }
    },
  );
}

/**
 * Builds the message with catalogue id `id`. `values` names the format arguments (catalogue `format_args`) and the
 * context keys; only the catalogue's context keys go out in `context`. Dynamic entries take their text from
 * `values.text` (or `values.reason`).
 */
export function uiText(id: number, values: Record<string, unknown> = {}): UiText {
  const entry = entries.get(id);
  if (!entry) throw new Error(`unknown message id ${id}`);
  let text: string;
  if (entry.text_kind === 'format' && entry.text) {
    const args = (entry.format_args ?? []).map((name) => values[name.split(' ')[0]]);
    text = formatGo(entry.text, args);
  } else if (entry.text) {
    text = entry.text;
  } else {
    text = String(values.text ?? values.reason ?? values.secret ?? '');
  }
  const out: UiText = { id, text, type: entry.type as UiTextType };
  const keys = entry.context_keys ?? [];
  const context: Record<string, unknown> = {};
  for (const key of keys) if (values[key] !== undefined) context[key] = values[key];
  if (Object.keys(context).length > 0) out.context = context;
  return out;
}

/** Message ids the service uses, named once (the catalogue's constant names). */
export const MSG = {
  loginReAuth: 1010003,
  loginMfa: 1010004,
  loginTotpLabel: 1010006,
  loginLookupLabel: 1010007,
  loginUseTotp: 1010009,
  loginUseLookup: 1010010,
  loginWith: 1010002,
  loginPassword: 1010022,
  loginWebAuthn: 1010008,
  webauthnAdd: 1050012,
  webauthnDisplayName: 1050013,
  webauthnRemove: 1050018,
  noWebAuthnDevice: 4000013,
  registration: 1040001,
  registrationWith: 1040002,
  settingsSaved: 1050001,
  linkOidc: 1050002,
  unlinkOidc: 1050003,
  unlinkTotp: 1050004,
  totpQr: 1050005,
  totpSecret: 1050006,
  revealLookup: 1050007,
  regenerateLookup: 1050008,
  lookupSecret: 1050009,
  lookupSecretLabel: 1050010,
  confirmLookup: 1050011,
  lookupSecretUsed: 1050014,
  lookupSecretList: 1050015,
  disableLookup: 1050016,
  totpSecretLabel: 1050017,
  recoverySuccessful: 1060001,
  recoveryCodeSent: 1060003,
  labelPassword: 1070001,
  labelGenerated: 1070002,
  labelSave: 1070003,
  labelId: 1070004,
  labelVerifyOtp: 1070006,
  labelEmail: 1070007,
  labelResend: 1070008,
  labelContinue: 1070009,
  labelRecoveryCode: 1070010,
  labelVerificationCode: 1070011,
  labelEmailOrPhone: 1070018,
  verificationSuccessful: 1080002,
  verificationCodeSent: 1080003,
  validationGeneric: 4000001,
  required: 4000002,
  invalidFormat: 4000004,
  passwordPolicy: 4000005,
  invalidCredentials: 4000006,
  duplicateCredentials: 4000007,
  duplicateCredentialsOnOidcLink: 4000027,
  totpWrong: 4000008,
  addressNotVerified: 4000010,
  lookupUsed: 4000012,
  lookupInvalid: 4000016,
  passwordTooSimilar: 4000031,
  passwordMinLength: 4000032,
  passwordMaxLength: 4000033,
  passwordSameAsOld: 4000039,
  identityDisabled: 4010011,
  loginExpired: 4010001,
  loginNoStrategy: 4010002,
  registrationNoStrategy: 4010003,
  settingsNoStrategy: 4010004,
  recoveryNoStrategy: 4010005,
  verificationNoStrategy: 4010006,
  registrationExpired: 4040001,
  settingsExpired: 4050001,
  recoveryRetrySuccess: 4060001,
  recoveryExpired: 4060005,
  recoveryCodeInvalid: 4060006,
  verificationRetrySuccess: 4070002,
  verificationExpired: 4070005,
  verificationCodeInvalid: 4070006,
  systemGeneric: 5000001,
} as const;
