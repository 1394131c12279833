/**
 * Security keys (WebAuthn, passkeys) as a second factor of the console's local accounts: the stored keys and the
 * pending ceremonies (a registration started by the signed-in account, a sign-in whose password was right). The
 * checks themselves are the ones the identity service uses (`src/service-kit/webauthn.ts`, @simplewebauthn/server:
 * challenge, origin, RP ID, user presence, signature, and a signature counter that must grow when it is not zero).
 *
 * A ceremony is named by a random ticket the browser holds; the database keeps its SHA-256, the challenge, the RP ID
 * and the origin it was made for (one of the console's own origins: its public origin, or the origin the request came
 * from when that is the host it was sent to, as the server's cross-site rule reads it), and ends after a few minutes
 * or at its first use. The RP ID is the host name of that origin: browsers refuse WebAuthn on IP-address origins, so
 * a console opened by its address cannot register or use a key.
 */
import crypto from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { publicOrigin } from '../../../config';
import type { SecurityKeySummary } from '../../shared/authentication';
import type { SecurityKeyStep } from '../../shared/contracts/authentication';
import { DEFAULT_SECURITY_KEY_NAME, SECURITY_KEY_NAME_MAX } from '../../shared/securityKeys';
import {
  CEREMONY_TIMEOUT_MS,
  creationOptions,
  requestOptions,
  rpIdFor,
  verifyAssertion,
  verifyRegistration,
  WebAuthnError,
  type StoredWebAuthnCredential,
} from '../../service-kit/webauthn';
import type { ApplianceContext } from '../context';
import type { Db } from '../../storage/sqlite';

export { WebAuthnError };

/** What "Your account" lists of a key. */
export type SecurityKey = SecurityKeySummary;

/** A ceremony lives this long: the browser prompt's own timeout and some time to choose a key. */
export const CEREMONY_TTL_MS = CEREMONY_TIMEOUT_MS + 4 * 60_000;
export { SECURITY_KEY_NAME_MAX };
/** Keys per account: a handful of keys is normal; more is a mistake or abuse. */
export const SECURITY_KEYS_MAX = 20;
const RP_NAME = 'Rampart console';

const sha256 = (v: string) => crypto.createHash('sha256').update(v).digest('hex');

interface KeyRow {
  id: number;
  credential_id: string;
  public_key: string;
  alg: number;
  sign_count: number;
  rp_id: string;
  name: string;
  created_at: number;
  last_used_at: number | null;
}

export function listSecurityKeys(db: Db, userId: number): SecurityKey[] {
  return db
    .prepare(
      'SELECT id, name, created_at, last_used_at FROM user_security_keys WHERE user_id = ? ORDER BY created_at, id',
    )
    .all(userId) as SecurityKey[];
}

export function hasSecurityKey(db: Db, userId: number): boolean {
  return !!db.prepare('SELECT 1 FROM user_security_keys WHERE user_id = ? LIMIT 1').get(userId);
}

const keyRows = (db: Db, userId: number, rpId: string) =>
  db
    .prepare('SELECT * FROM user_security_keys WHERE user_id = ? AND rp_id = ? ORDER BY id')
    .all(userId, rpId) as KeyRow[];

/**
 * The console origin a ceremony is made for: the request's `Origin` when it is this console by the server's
 * cross-site rule (its public origin, or an origin whose host is the one the request was sent to), else the public
 * origin. Null when that origin has no host name a browser accepts as an RP ID (an IP address).
 */
export function ceremonyOrigin(
  ctx: ApplianceContext,
  req: FastifyRequest,
): { origin: string; rpId: string } | null {
  const own = publicOrigin(ctx.config).replace(/\/+$/, '');
  let origin = own;
  const given = req.headers.origin;
  if (typeof given === 'string' && given !== own) {
    try {
      const url = new URL(given);
      const hosts = [url.host, `${url.host}:${url.protocol === 'https:' ? 443 : 80}`];
      if (url.origin === given && hosts.includes(req.host)) origin = given;
    } catch {
      /* not an origin: the public one stays */
    }
  }
  const rpId = rpIdFor(origin);
  return rpId ? { origin, rpId } : null;
}

/** Why security keys cannot be used here, for the answers that need to say it. */
export const NO_RP_ID =
  'Security keys work only when the console is opened by its host name, not by an IP address';

interface Ceremony {
  user_id: number;
  purpose: 'register' | 'login';
  challenge: string;
  rp_id: string;
  origin: string;
  session_hash: string | null;
  expires_at: number;
}

function startCeremony(
  ctx: ApplianceContext,
  c: Omit<Ceremony, 'expires_at' | 'challenge'>,
): { ticket: string; challenge: string } {
  const ticket = crypto.randomBytes(32).toString('base64url');
  const challenge = crypto.randomBytes(32).toString('base64url');
  const now = ctx.now();
  ctx.db.prepare('DELETE FROM user_webauthn_ceremonies WHERE expires_at <= ?').run(now);
  ctx.db
    .prepare(
      `INSERT INTO user_webauthn_ceremonies (ticket_hash, user_id, purpose, challenge, rp_id, origin, session_hash,
         expires_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
    )
    .run(
      sha256(ticket),
      c.user_id,
      c.purpose,
      challenge,
      c.rp_id,
      c.origin,
      c.session_hash,
      now + CEREMONY_TTL_MS,
    );
  return { ticket, challenge };
}

/** Takes a live ceremony of `purpose` (it is used up whatever the outcome), or null. */
export function takeCeremony(
  ctx: ApplianceContext,
  ticket: string,
  purpose: Ceremony['purpose'],
): Ceremony | null {
  const hash = sha256(ticket);
  const row = ctx.db
    .prepare('SELECT * FROM user_webauthn_ceremonies WHERE ticket_hash = ? AND purpose = ?')
    .get(hash, purpose) as Ceremony | undefined;
  if (!row) return null;
  ctx.db.prepare('DELETE FROM user_webauthn_ceremonies WHERE ticket_hash = ?').run(hash);
  return row.expires_at > ctx.now() ? row : null;
}

/** The account's WebAuthn user handle (random, no personal data), made at its first registration. */
function userHandle(db: Db, userId: number): string {
  const row = db.prepare('SELECT webauthn_user_handle AS h FROM users WHERE id = ?').get(userId) as
    { h: string | null } | undefined;
  if (row?.h) return row.h;
  const handle = crypto.randomBytes(16).toString('base64url');
  db.prepare('UPDATE users SET webauthn_user_handle = ? WHERE id = ?').run(handle, userId);
  return handle;
}

/** Starts registering a key for the signed-in account (its session is bound to the ceremony). */
export function registrationOptions(
  ctx: ApplianceContext,
  user: { id: number; username: string; sessionHash: string },
  where: { origin: string; rpId: string },
) {
  const { ticket, challenge } = startCeremony(ctx, {
    user_id: user.id,
    purpose: 'register',
    rp_id: where.rpId,
    origin: where.origin,
    session_hash: user.sessionHash,
  });
  const options = creationOptions({
    challenge,
    rpId: where.rpId,
    rpName: RP_NAME,
    userHandle: userHandle(ctx.db, user.id),
    userName: user.username,
    exclude: keyRows(ctx.db, user.id, where.rpId).map((k) => k.credential_id),
  });
  return { ticket, ...(options as { publicKey: Record<string, unknown> }) };
}

/** Checks a registration answer and stores the key; throws a WebAuthnError the route answers with. */
export async function completeRegistration(
  ctx: ApplianceContext,
  ceremony: Ceremony,
  credential: unknown,
  name: string,
): Promise<SecurityKey> {
  const added = await verifyRegistration(JSON.stringify(credential), {
    challenge: ceremony.challenge,
    origin: ceremony.origin,
    rpId: ceremony.rp_id,
  });
  if (ctx.db.prepare('SELECT 1 FROM user_security_keys WHERE credential_id = ?').get(added.id))
    throw new WebAuthnError('This security key is registered already.');
  const now = ctx.now();
  const label = name.trim().slice(0, SECURITY_KEY_NAME_MAX) || DEFAULT_SECURITY_KEY_NAME;
  const id = Number(
    ctx.db
      .prepare(
        `INSERT INTO user_security_keys (user_id, credential_id, public_key, alg, sign_count, rp_id, name, created_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
      )
      .run(
        ceremony.user_id,
        added.id,
        added.public_key,
        added.alg,
        added.sign_count,
        ceremony.rp_id,
        label,
        now,
      ).lastInsertRowid,
  );
  return { id, name: label, created_at: now, last_used_at: null };
}

/**
 * The second step of a sign-in whose password was right: a ticket and the request options naming the account's keys
 * registered for this origin's RP ID. Null when the account has none usable here.
 */
export function assertionOptions(
  ctx: ApplianceContext,
  userId: number,
  where: { origin: string; rpId: string },
): SecurityKeyStep | null {
  const keys = keyRows(ctx.db, userId, where.rpId);
  if (!keys.length) return null;
  const { ticket, challenge } = startCeremony(ctx, {
    user_id: userId,
    purpose: 'login',
    rp_id: where.rpId,
    origin: where.origin,
    session_hash: null,
  });
  const options = requestOptions({
    challenge,
    rpId: where.rpId,
    allow: keys.map((k) => k.credential_id),
  }) as { publicKey: SecurityKeyStep['publicKey'] };
  return { ticket, publicKey: options.publicKey };
}

/**
 * Checks a sign-in answer against the ceremony's account's keys; on success records the new counter and the time of
 * use. Throws a WebAuthnError (unknown key, wrong signature, a counter that did not grow: a cloned key) otherwise.
 */
export async function verifySignIn(
  ctx: ApplianceContext,
  ceremony: Ceremony,
  credential: unknown,
): Promise<SecurityKey> {
  const rows = keyRows(ctx.db, ceremony.user_id, ceremony.rp_id);
  const stored: Array<StoredWebAuthnCredential & { row: KeyRow }> = rows.map((r) => ({
    id: r.credential_id,
    public_key: r.public_key,
    alg: r.alg,
    sign_count: r.sign_count,
    display_name: r.name,
    added_at: new Date(r.created_at).toISOString(),
    row: r,
  }));
  const { credential: used, signCount } = await verifyAssertion(
    JSON.stringify(credential),
    { challenge: ceremony.challenge, origin: ceremony.origin, rpId: ceremony.rp_id },
    stored,
  );
  const row = (used as (typeof stored)[number]).row;
  const now = ctx.now();
  // The counter only moves forward, also against a parallel use of the same key.
  const changed = ctx.db
    .prepare(
      'UPDATE user_security_keys SET sign_count = ?, last_used_at = ? WHERE id = ? AND (sign_count < ? OR ? = 0)',
    )
    .run(signCount, now, row.id, signCount, signCount).changes;
  if (changed !== 1)
    throw new WebAuthnError('The signature counter did not increase; the security key may be cloned.');
  return { id: row.id, name: row.name, created_at: row.created_at, last_used_at: now };
}

/** Removes one of the account's keys; false when it has no such key. */
export function removeSecurityKey(db: Db, userId: number, keyId: number): SecurityKey | null {
  const row = db
    .prepare('SELECT id, name, created_at, last_used_at FROM user_security_keys WHERE id = ? AND user_id = ?')
    .get(keyId, userId) as SecurityKey | undefined;
  if (!row) return null;
  db.prepare('DELETE FROM user_security_keys WHERE id = ?').run(keyId);
  return row;
}
