/**
 * The key policy (`src/shared/keyPolicy.ts`) where keys meet the PKI: every certificate of an imported chain (CA or
 * not, PEM or PKCS#12), the key of a CSR and of a renewal that keeps its key, and the key of an issuing CA, so a weak
 * CA imported before the policy signs no more certificates or CAs. (It still signs CRLs: revoking only withdraws
 * trust, and relying parties that hold it must keep seeing revocations.) Refusals are 422 `value_error.pki.weak_key`
 * items whose `ctx.rule` names the rule.
 */
import crypto from 'node:crypto';
import { checkKey, type KeyFacts } from '../../shared/keyPolicy';
import { HttpError } from '../http/errors';
import { publicKeyObject, x509 } from './x509';

export const WEAK_KEY = 'value_error.pki.weak_key';

/** The facts the policy needs about a Node key (public or private). */
export function describeKeyObject(key: crypto.KeyObject): KeyFacts {
  const details = key.asymmetricKeyDetails ?? {};
  return {
    kind: key.asymmetricKeyType ?? 'unknown',
    bits: details.modulusLength,
    exponent: details.publicExponent,
    curve: details.namedCurve ?? null,
  };
}

/** Refuses a key the policy refuses: a 422 item on `loc`, the message prefixed with what the key is. */
export function assertKeyAllowed(key: crypto.KeyObject, loc: Array<string | number>, what?: string): void {
  const verdict = checkKey(describeKeyObject(key));
  if (!verdict.ok)
    throw new HttpError(422, [
      { loc, msg: what ? `${what}: ${verdict.msg}` : verdict.msg, type: WEAK_KEY, ctx: verdict.ctx },
    ]);
}

const unknownAlgorithm = (loc: Array<string | number>) =>
  new HttpError(422, [
    {
      loc,
      msg: 'the key algorithm of this certificate is refused; use ECDSA (P-256, P-384, P-521), Ed25519 or RSA of at least 2048 bits',
      type: WEAK_KEY,
      ctx: { rule: 'algorithm', algorithm: 'unknown' },
    },
  ]);

function certificateKey(
  cert: x509.X509Certificate | x509.Pkcs10CertificateRequest,
  loc: Array<string | number>,
) {
  try {
    return publicKeyObject(cert);
  } catch {
    // A key OpenSSL cannot even load (an exotic curve or algorithm) is not one the policy accepts.
    throw unknownAlgorithm(loc);
  }
}

/** Every certificate of an uploaded chain (the first one, then its issuers) must carry an accepted key. */
export function assertChainKeysAllowed(chain: x509.X509Certificate[], field: string): void {
  chain.forEach((cert, i) => {
    const loc = ['body', field];
    assertKeyAllowed(
      certificateKey(cert, loc),
      loc,
      i === 0 ? undefined : `certificate ${i + 1} of the chain (${cert.subject})`,
    );
  });
}

/** A public key given as SPKI DER (a CSR's, read on the worker pool). */
export function assertSpkiAllowed(spki: Buffer, field: string): void {
  const loc = ['body', field];
  let key: crypto.KeyObject;
  try {
    key = crypto.createPublicKey({ key: spki, format: 'der', type: 'spki' });
  } catch {
    throw unknownAlgorithm(loc);
  }
  assertKeyAllowed(key, loc);
}

/** A CA signs certificates and CAs only with a key the policy accepts (also one imported before the policy). */
export function assertIssuerKeyAllowed(caCert: x509.X509Certificate, field: string): void {
  const loc = ['body', field];
  assertKeyAllowed(
    certificateKey(caCert, loc),
    loc,
    'the key of this certificate authority is too weak to issue certificates (replace the CA)',
  );
}
