/**
 * Storage format 1 kept a security key's public key as a JWK beside its COSE algorithm; format 2 keeps the COSE_Key
 * bytes the authenticator gave, which is what the verification library reads. Converts one format-1 key.
 */
import type { JsonWebKey } from 'node:crypto';
import { isoCBOR } from '@simplewebauthn/server/helpers';

const b = (v: string | undefined) => new Uint8Array(Buffer.from(v ?? '', 'base64url'));

export function jwkToCose(jwk: JsonWebKey, alg: number): string {
  // COSE_Key labels (RFC 9053): 1 kty, 3 alg, -1 crv (or n), -2 x (or e), -3 y.
  let key: Map<number, number | Uint8Array>;
  if (jwk.kty === 'EC' && jwk.crv === 'P-256')
    key = new Map<number, number | Uint8Array>([
      [1, 2],
      [3, alg],
      [-1, 1],
      [-2, b(jwk.x)],
      [-3, b(jwk.y)],
    ]);
  else if (jwk.kty === 'OKP' && jwk.crv === 'Ed25519')
    key = new Map<number, number | Uint8Array>([
      [1, 1],
      [3, alg],
      [-1, 6],
      [-2, b(jwk.x)],
    ]);
  else if (jwk.kty === 'RSA')
    key = new Map<number, number | Uint8Array>([
      [1, 3],
      [3, alg],
      [-1, b(jwk.n)],
      [-2, b(jwk.e)],
    ]);
  else throw new Error(`security key with an unsupported JWK (kty ${String(jwk.kty)})`);
  return Buffer.from(isoCBOR.encode(key)).toString('base64url');
}
