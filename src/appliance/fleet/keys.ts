/**
 * The fleet's own key material: P-256 keys made here (the manager's server and client keys, a joining appliance's
 * key), certificate requests signed with them, and their sealing under the appliance secret (secrets.ts, their own
 * HKDF label), each row bound to its id.
 */
import crypto from 'node:crypto';
import * as x509 from '@peculiar/x509';
import type { ApplianceContext } from '../context';
import {
  deriveKey,
  loadApplianceSecret,
  registerSealedColumn,
  seal,
  unseal,
  type SealedColumn,
} from '../secrets';

const INFO = 'rampart fleet keys v1';

export const FLEET_MATERIAL_SEALED: SealedColumn = {
  table: 'fleet_material',
  column: 'key_sealed',
  id: 'role',
  info: INFO,
  aad: (role) => `fleet-material:${String(role)}`,
};
export const FLEET_MEMBERSHIP_SEALED: SealedColumn = {
  table: 'fleet_membership',
  column: 'key_sealed',
  id: 'id',
  info: INFO,
  aad: (id) => `fleet-membership:${String(id)}`,
};
export const FLEET_CREDENTIALS_SEALED: SealedColumn = {
  table: 'fleet_settings',
  column: 'external_credentials_sealed',
  id: 'id',
  info: INFO,
  aad: (id) => `fleet-credentials:${String(id)}`,
};

export function registerFleetSealedColumns(ctx: ApplianceContext): void {
  for (const c of [FLEET_MATERIAL_SEALED, FLEET_MEMBERSHIP_SEALED, FLEET_CREDENTIALS_SEALED])
    registerSealedColumn(ctx, c);
}

const keys = new WeakMap<ApplianceContext, Buffer>();
const sealingKey = (ctx: ApplianceContext) => {
  let k = keys.get(ctx);
  if (!k) keys.set(ctx, (k = deriveKey(loadApplianceSecret(ctx.config.dataDir), INFO)));
  return k;
};

export const sealFor = (ctx: ApplianceContext, column: SealedColumn, id: unknown, plain: string) =>
  seal(sealingKey(ctx), column.aad(id), Buffer.from(plain, 'utf8'));
export const unsealFor = (ctx: ApplianceContext, column: SealedColumn, id: unknown, sealed: Buffer) =>
  unseal(sealingKey(ctx), column.aad(id), sealed).toString('utf8');

const EC = { name: 'ECDSA', namedCurve: 'P-256', hash: 'SHA-256' } as const;

/** A new P-256 key (PKCS#8 PEM) and a CSR for `subject` signed with it. */
export async function keyAndCsr(subject: string): Promise<{ keyPem: string; csrPem: string }> {
  const pair = (await crypto.webcrypto.subtle.generateKey(EC, true, ['sign', 'verify'])) as CryptoKeyPair;
  const csr = await x509.Pkcs10CertificateRequestGenerator.create({
    name: subject,
    keys: pair,
    signingAlgorithm: EC,
  });
  const pkcs8 = await crypto.webcrypto.subtle.exportKey('pkcs8', pair.privateKey);
  const keyPem = crypto.createPrivateKey({ key: Buffer.from(pkcs8), format: 'der', type: 'pkcs8' }).export({
    type: 'pkcs8',
    format: 'pem',
  }) as string;
  return { keyPem, csrPem: csr.toString('pem') };
}
