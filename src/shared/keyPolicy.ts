/**
 * The one key policy of the appliance: which public keys it accepts, whatever the way in (a CA or certificate
 * imported as PEM or PKCS#12, a CSR to sign, a CA that issues, a key it generates, an SSH authorised key). Pure: the
 * callers describe a key as facts (`describeKeyObject` in `appliance/pki/keyPolicy.ts` for Node keys,
 * `parsePublicKey` in `appliance/ssh/keys.ts` for OpenSSH key blobs) and turn a refusal into their 422 item.
 *
 * Accepted: RSA (and RSA-PSS) of 2048 to 16384 bits with an odd public exponent of at least 17, ECDSA on P-256, P-384
 * or P-521, Ed25519 and Ed448. Everything else is refused: DSA of any size (withdrawn for signatures by FIPS 186-5;
 * OpenSSH dropped it), other curves (secp256k1, Brainpool, explicit parameters), key-agreement keys and unknown kinds.
 */

/** Shortest RSA modulus accepted (NIST SP 800-131A: 112-bit security). */
export const RSA_MIN_BITS = 2048;
/** Longest RSA modulus accepted: OpenSSL and OpenSSH refuse more, and verifying with it costs a lot. */
export const RSA_MAX_BITS = 16384;
/**
 * Smallest RSA public exponent accepted. 3 and 5 let lax PKCS#1 v1.5 verifiers accept forged signatures
 * (Bleichenbacher 2006) and leak short unpadded messages; 65537 is what every tool makes today, and the 35 of old
 * OpenSSH and the 37 of PuTTYgen stay accepted.
 */
export const RSA_MIN_EXPONENT = 17n;
/** Largest RSA public exponent accepted (FIPS 186-5 §A.1.1: below 2^256). */
export const RSA_MAX_EXPONENT = (1n << 256n) - 1n;

/** The accepted curves, under each name the key formats use (OpenSSL, JOSE/WebCrypto, OpenSSH). */
const CURVES: Record<string, string> = {
  prime256v1: 'P-256',
  secp256r1: 'P-256',
  'P-256': 'P-256',
  nistp256: 'P-256',
  secp384r1: 'P-384',
  'P-384': 'P-384',
  nistp384: 'P-384',
  secp521r1: 'P-521',
  'P-521': 'P-521',
  nistp521: 'P-521',
};
export const ACCEPTED_CURVES = ['P-256', 'P-384', 'P-521'] as const;

/** What a caller knows about a public key. */
export interface KeyFacts {
  /** `rsa`, `rsa-pss`, `ec`, `ed25519`, `ed448`, `dsa`, or another algorithm name (refused). */
  kind: string;
  /** RSA modulus length, DSA prime length. */
  bits?: number;
  /** RSA public exponent. */
  exponent?: bigint;
  /** EC curve name in any of the usual spellings; null or absent when the key has explicit parameters. */
  curve?: string | null;
}

/** Which rule refused a key (the `ctx.rule` of the 422 item). */
export type KeyRule = 'rsa_min_bits' | 'rsa_max_bits' | 'rsa_exponent' | 'dsa' | 'ec_curve' | 'algorithm';

export type KeyVerdict =
  | { ok: true; label: string }
  | { ok: false; rule: KeyRule; msg: string; ctx: Record<string, string | number | string[]> };

const SUGGESTION = `use ECDSA (P-256, P-384, P-521), Ed25519 or RSA of at least ${RSA_MIN_BITS} bits`;

const refuse = (rule: KeyRule, msg: string, ctx: Record<string, string | number | string[]> = {}) =>
  ({ ok: false, rule, msg, ctx: { rule, ...ctx } }) as const;

/** Decides on one key; the message names the rule and what this key has. */
export function checkKey(facts: KeyFacts): KeyVerdict {
  switch (facts.kind) {
    case 'rsa':
    case 'rsa-pss': {
      const bits = facts.bits ?? 0;
      if (bits < RSA_MIN_BITS)
        return refuse(
          'rsa_min_bits',
          `RSA keys must have at least ${RSA_MIN_BITS} bits; this one has ${bits}`,
          { limit_value: RSA_MIN_BITS, bits },
        );
      if (bits > RSA_MAX_BITS)
        return refuse(
          'rsa_max_bits',
          `RSA keys must have at most ${RSA_MAX_BITS} bits; this one has ${bits}`,
          {
            limit_value: RSA_MAX_BITS,
            bits,
          },
        );
      const e = facts.exponent;
      if (e === undefined || e % 2n === 0n || e < RSA_MIN_EXPONENT || e > RSA_MAX_EXPONENT) {
        const shown =
          e === undefined ? 'missing' : e > 0xffffffffn ? `${e.toString(2).length} bits long` : `${e}`;
        return refuse(
          'rsa_exponent',
          `the RSA public exponent must be odd, at least ${RSA_MIN_EXPONENT} and below 2^256 (65537 is usual); this one is ${shown}`,
          { limit_value: Number(RSA_MIN_EXPONENT), exponent: shown },
        );
      }
      return { ok: true, label: `RSA ${bits}` };
    }
    case 'ec': {
      const curve = facts.curve ? CURVES[facts.curve] : undefined;
      if (!curve)
        return refuse(
          'ec_curve',
          `elliptic-curve keys must use ${ACCEPTED_CURVES.join(', ')}; this one uses ${facts.curve ?? 'explicit (unnamed) curve parameters'}`,
          { allowed: [...ACCEPTED_CURVES], curve: facts.curve ?? 'explicit' },
        );
      return { ok: true, label: `ECDSA ${curve}` };
    }
    case 'ed25519':
      return { ok: true, label: 'Ed25519' };
    case 'ed448':
      return { ok: true, label: 'Ed448' };
    case 'dsa':
      return refuse('dsa', `DSA keys are refused (withdrawn for signatures); ${SUGGESTION}`, {
        ...(facts.bits ? { bits: facts.bits } : {}),
      });
    default:
      return refuse('algorithm', `${facts.kind || 'unknown'} keys are refused; ${SUGGESTION}`, {
        algorithm: facts.kind || 'unknown',
      });
  }
}
