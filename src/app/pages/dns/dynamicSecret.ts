/** The dynamic DNS account's secret: when it must be typed again (the dialog's note and its rules, dynamicRules.ts). */
import { ddnsSecretBinding } from '../../../shared/secretBinding';
import { retypeReason } from '../common/config/SecretField';
import type { AccountValues } from './dynamicValues';

/** Why the values need the secret typed again (null when they do not). */
export const secretRetype = (v: AccountValues, typed?: string) =>
  retypeReason(v.stored_binding, ddnsSecretBinding(v), typed);
