/**
 * Storage access of the identity service: rows in, typed records out, stored credentials checked when read.
 * Statements are literal SQL: src/storage/sqlite.ts caches `db.prepare` per SQL text, so each is prepared once.
 */
import { createHash, randomUUID } from 'node:crypto';
import type { Db } from '../storage/sqlite';
import { readCredentialConfig } from './storedCredentials';
import type { UiText } from './text';

export type FlowKind = 'login' | 'registration' | 'recovery' | 'verification' | 'settings';
export type Aal = 'aal1' | 'aal2';

export interface IdentityRecord {
  id: string;
  schemaId: string;
  state: 'active' | 'inactive';
  traits: { email: string } & Record<string, unknown>;
  metadataPublic: unknown;
  createdAt: number;
  updatedAt: number;
}

export interface AddressRecord {
  id: string;
  identityId: string;
  via: 'email';
  value: string;
  verified: boolean;
  status: string;
  verifiedAt: number | null;
  createdAt: number;
  updatedAt: number;
}

export interface AuthMethod {
  method: string;
  aal: Aal;
  completed_at: string;
}

export interface SessionRecord {
  id: string;
  identityId: string;
  aal: Aal;
  methods: AuthMethod[];
  authenticatedAt: number;
  issuedAt: number;
  expiresAt: number;
  active: boolean;
  ipAddress: string | null;
  userAgent: string | null;
}

export interface LookupCode {
  code: string;
  used_at?: string;
}

export interface FlowData {
  /** Flow-level messages (`ui.messages`). */
  messages: UiText[];
  /** Messages per node name (`ui.nodes[].messages`). */
  fieldMessages: Record<string, UiText[]>;
  /** Values the user sent, echoed back into the nodes (never passwords). */
  values: Record<string, string>;
  refresh?: boolean;
  requestedAal?: Aal;
  /** Recovery / verification: the address the code went to. */
  email?: string;
  codeAttempts?: number;
  /** Settings: TOTP secret offered for linking, and lookup codes shown but not yet confirmed. */
  totpSecret?: string;
  lookupPending?: string[];
  lookupReveal?: boolean;
  continueWith?: Array<Record<string, unknown>>;
  /** Login (aal2) and settings: the WebAuthn challenge of this flow (base64url). */
  webauthnChallenge?: string;
  /** Verification after success: where the continue link points. */
  continueUrl?: string;
}

export interface FlowRecord {
  id: string;
  kind: FlowKind;
  type: 'browser' | 'api';
  state: string;
  identityId: string | null;
  csrfToken: string;
  requestUrl: string;
  returnTo: string | null;
  issuedAt: number;
  expiresAt: number;
  data: FlowData;
}

export const sha256 = (s: string): string => createHash('sha256').update(s).digest('hex');

interface IdentityRow {
  id: string;
  schema_id: string;
  state: string;
  traits: string;
  metadata_public: string | null;
  created_at: number;
  updated_at: number;
}
interface AddressRow {
  id: string;
  identity_id: string;
  via: string;
  value: string;
  verified: number;
  status: string;
  verified_at: number | null;
  created_at: number;
  updated_at: number;
}
interface SessionRow {
  id: string;
  identity_id: string;
  aal: string;
  methods: string;
  authenticated_at: number;
  issued_at: number;
  expires_at: number;
  active: number;
  ip_address: string | null;
  user_agent: string | null;
}
interface FlowRow {
  id: string;
  kind: string;
  type: string;
  state: string;
  identity_id: string | null;
  csrf_token: string;
  request_url: string;
  return_to: string | null;
  issued_at: number;
  expires_at: number;
  data: string;
}

const toIdentity = (r: IdentityRow): IdentityRecord => ({
  id: r.id,
  schemaId: r.schema_id,
  state: r.state === 'inactive' ? 'inactive' : 'active',
  traits: JSON.parse(r.traits) as IdentityRecord['traits'],
  metadataPublic: r.metadata_public ? (JSON.parse(r.metadata_public) as unknown) : null,
  createdAt: r.created_at,
  updatedAt: r.updated_at,
});
const toAddress = (r: AddressRow): AddressRecord => ({
  id: r.id,
  identityId: r.identity_id,
  via: 'email',
  value: r.value,
  verified: r.verified === 1,
  status: r.status,
  verifiedAt: r.verified_at,
  createdAt: r.created_at,
  updatedAt: r.updated_at,
});
const toSession = (r: SessionRow): SessionRecord => ({
  id: r.id,
  identityId: r.identity_id,
  aal: r.aal === 'aal2' ? 'aal2' : 'aal1',
  methods: JSON.parse(r.methods) as AuthMethod[],
  authenticatedAt: r.authenticated_at,
  issuedAt: r.issued_at,
  expiresAt: r.expires_at,
  active: r.active === 1,
  ipAddress: r.ip_address,
  userAgent: r.user_agent,
});
const toFlow = (r: FlowRow): FlowRecord => ({
  id: r.id,
  kind: r.kind as FlowKind,
  type: r.type === 'api' ? 'api' : 'browser',
  state: r.state,
  identityId: r.identity_id,
  csrfToken: r.csrf_token,
  requestUrl: r.request_url,
  returnTo: r.return_to,
  issuedAt: r.issued_at,
  expiresAt: r.expires_at,
  data: JSON.parse(r.data) as FlowData,
});

export class IdentityRepo {
  constructor(readonly db: Db) {}

  // Identities ---------------------------------------------------------------------------------------------------

  createIdentity(email: string, passwordHash: string, now: number): IdentityRecord {
    const id = randomUUID();
    const value = email.toLowerCase();
    this.db.transaction(() => {
      this.db
        .prepare(
          'INSERT INTO identities (id, schema_id, state, traits, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?)',
        )
        .run(id, 'default', 'active', JSON.stringify({ email }), now, now);
      this.db
        .prepare(
          'INSERT INTO credentials (id, identity_id, type, identifier, config, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?)',
        )
        .run(
          randomUUID(),
          id,
          'password',
          value,
          JSON.stringify({ hashed_password: passwordHash }),
          now,
          now,
        );
      this.db
        .prepare(
          'INSERT INTO verifiable_addresses (id, identity_id, via, value, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?)',
        )
        .run(randomUUID(), id, 'email', value, now, now);
      this.db
        .prepare(
          'INSERT INTO recovery_addresses (id, identity_id, via, value, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?)',
        )
        .run(randomUUID(), id, 'email', value, now, now);
    })();
    return this.getIdentity(id)!;
  }

  getIdentity(id: string): IdentityRecord | null {
    const row = this.db.prepare('SELECT * FROM identities WHERE id = ?').get(id) as IdentityRow | undefined;
    return row ? toIdentity(row) : null;
  }

  /** Changes the e-mail trait and the addresses and identifier that follow it; the new address starts unverified. */
  updateEmail(identityId: string, email: string, now: number): void {
    const value = email.toLowerCase();
    const identity = this.getIdentity(identityId);
    if (!identity) return;
    this.db.transaction(() => {
      this.db
        .prepare('UPDATE identities SET traits = ?, updated_at = ? WHERE id = ?')
        .run(JSON.stringify({ ...identity.traits, email }), now, identityId);
      if (identity.traits.email.toLowerCase() === value) return;
      this.db
        .prepare(
          "UPDATE credentials SET identifier = ?, updated_at = ? WHERE identity_id = ? AND type = 'password'",
        )
        .run(value, now, identityId);
      this.db.prepare('DELETE FROM verifiable_addresses WHERE identity_id = ?').run(identityId);
      this.db
        .prepare(
          'INSERT INTO verifiable_addresses (id, identity_id, via, value, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?)',
        )
        .run(randomUUID(), identityId, 'email', value, now, now);
      this.db
        .prepare('UPDATE recovery_addresses SET value = ?, updated_at = ? WHERE identity_id = ?')
        .run(value, now, identityId);
    })();
  }

  emailTaken(email: string, exceptIdentity?: string): boolean {
    const row = this.db
      .prepare("SELECT identity_id FROM credentials WHERE type = 'password' AND identifier = ?")
      .get(email.toLowerCase()) as { identity_id: string } | undefined;
    return !!row && row.identity_id !== exceptIdentity;
  }

  // Credentials --------------------------------------------------------------------------------------------------

  findPasswordCredential(identifier: string): { identityId: string; hash: string } | null {
    const row = this.db
      .prepare("SELECT identity_id, config FROM credentials WHERE type = 'password' AND identifier = ?")
      .get(identifier.toLowerCase()) as { identity_id: string; config: string } | undefined;
    if (!row) return null;
    const config = readCredentialConfig(row.identity_id, 'password', row.config);
    return { identityId: row.identity_id, hash: config.hashed_password as string };
  }

  /** The credential's config, checked for the shape of its type (CorruptCredentialError when it is not). */
  getCredential<T>(identityId: string, type: string): T | null {
    const row = this.db
      .prepare('SELECT config FROM credentials WHERE identity_id = ? AND type = ?')
      .get(identityId, type) as { config: string } | undefined;
    return row ? (readCredentialConfig(identityId, type, row.config) as T) : null;
  }

  setCredential(identityId: string, type: string, config: unknown, now: number): void {
    this.db
      .prepare(
        `INSERT INTO credentials (id, identity_id, type, identifier, config, created_at, updated_at) VALUES (?, ?, ?, NULL, ?, ?, ?)
         ON CONFLICT (identity_id, type) DO UPDATE SET config = excluded.config, updated_at = excluded.updated_at`,
      )
      .run(randomUUID(), identityId, type, JSON.stringify(config), now, now);
  }

  deleteCredential(identityId: string, type: string): void {
    this.db.prepare('DELETE FROM credentials WHERE identity_id = ? AND type = ?').run(identityId, type);
  }

  setPasswordHash(identityId: string, hash: string, now: number): void {
    this.db
      .prepare(
        "UPDATE credentials SET config = ?, updated_at = ? WHERE identity_id = ? AND type = 'password'",
      )
      .run(JSON.stringify({ hashed_password: hash }), now, identityId);
  }

  // Addresses ----------------------------------------------------------------------------------------------------

  verifiableAddresses(identityId: string): AddressRecord[] {
    return (
      this.db
        .prepare('SELECT * FROM verifiable_addresses WHERE identity_id = ? ORDER BY created_at')
        .all(identityId) as AddressRow[]
    ).map(toAddress);
  }

  findVerifiableAddress(value: string): AddressRecord | null {
    const row = this.db
      .prepare("SELECT * FROM verifiable_addresses WHERE via = 'email' AND value = ?")
      .get(value.toLowerCase()) as AddressRow | undefined;
    return row ? toAddress(row) : null;
  }

  markAddressSent(value: string, now: number): void {
    this.db
      .prepare(
        "UPDATE verifiable_addresses SET status = 'sent', updated_at = ? WHERE value = ? AND verified = 0",
      )
      .run(now, value.toLowerCase());
  }

  markAddressVerified(value: string, now: number): void {
    this.db
      .prepare(
        "UPDATE verifiable_addresses SET verified = 1, status = 'completed', verified_at = ?, updated_at = ? WHERE value = ? AND verified = 0",
      )
      .run(now, now, value.toLowerCase());
  }

  recoveryAddresses(
    identityId: string,
  ): Array<{ id: string; value: string; via: string; created_at: number; updated_at: number }> {
    return this.db
      .prepare(
        'SELECT id, value, via, created_at, updated_at FROM recovery_addresses WHERE identity_id = ? ORDER BY created_at',
      )
      .all(identityId) as Array<{
      id: string;
      value: string;
      via: string;
      created_at: number;
      updated_at: number;
    }>;
  }

  findRecoveryAddress(value: string): { identityId: string } | null {
    const row = this.db
      .prepare("SELECT identity_id FROM recovery_addresses WHERE via = 'email' AND value = ?")
      .get(value.toLowerCase()) as { identity_id: string } | undefined;
    return row ? { identityId: row.identity_id } : null;
  }

  // Sessions -----------------------------------------------------------------------------------------------------

  createSession(
    s: Omit<SessionRecord, 'id' | 'active'>,
    tokenHash: string,
    logoutToken: string,
  ): SessionRecord {
    const id = randomUUID();
    this.db
      .prepare(
        `INSERT INTO sessions (id, token_hash, logout_token, identity_id, aal, methods, authenticated_at, issued_at, expires_at, active, ip_address, user_agent)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, 1, ?, ?)`,
      )
      .run(
        id,
        tokenHash,
        logoutToken,
        s.identityId,
        s.aal,
        JSON.stringify(s.methods),
        s.authenticatedAt,
        s.issuedAt,
        s.expiresAt,
        s.ipAddress,
        s.userAgent,
      );
    return { ...s, id, active: true };
  }

  sessionByTokenHash(tokenHash: string): SessionRecord | null {
    const row = this.db.prepare('SELECT * FROM sessions WHERE token_hash = ?').get(tokenHash) as
      SessionRow | undefined;
    return row ? toSession(row) : null;
  }

  sessionByLogoutToken(token: string): SessionRecord | null {
    const row = this.db.prepare('SELECT * FROM sessions WHERE logout_token = ? AND active = 1').get(token) as
      SessionRow | undefined;
    return row ? toSession(row) : null;
  }

  logoutToken(sessionId: string): string | null {
    const row = this.db.prepare('SELECT logout_token FROM sessions WHERE id = ?').get(sessionId) as
      { logout_token: string } | undefined;
    return row?.logout_token ?? null;
  }

  updateSessionAuth(id: string, aal: Aal, methods: AuthMethod[], authenticatedAt: number): void {
    this.db
      .prepare('UPDATE sessions SET aal = ?, methods = ?, authenticated_at = ? WHERE id = ?')
      .run(aal, JSON.stringify(methods), authenticatedAt, id);
  }

  revokeSession(id: string): void {
    this.db.prepare('UPDATE sessions SET active = 0 WHERE id = ?').run(id);
  }

  revokeOtherSessions(identityId: string, keepId: string): void {
    this.db
      .prepare('UPDATE sessions SET active = 0 WHERE identity_id = ? AND id != ?')
      .run(identityId, keepId);
  }

  // Flows --------------------------------------------------------------------------------------------------------

  insertFlow(flow: FlowRecord): void {
    this.db
      .prepare(
        `INSERT INTO flows (id, kind, type, state, identity_id, csrf_token, request_url, return_to, issued_at, expires_at, data)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      )
      .run(
        flow.id,
        flow.kind,
        flow.type,
        flow.state,
        flow.identityId,
        flow.csrfToken,
        flow.requestUrl,
        flow.returnTo,
        flow.issuedAt,
        flow.expiresAt,
        JSON.stringify(flow.data),
      );
  }

  getFlow(id: string): FlowRecord | null {
    const row = this.db.prepare('SELECT * FROM flows WHERE id = ?').get(id) as FlowRow | undefined;
    return row ? toFlow(row) : null;
  }

  saveFlow(flow: FlowRecord): void {
    this.db
      .prepare('UPDATE flows SET state = ?, identity_id = ?, data = ? WHERE id = ?')
      .run(flow.state, flow.identityId, JSON.stringify(flow.data), flow.id);
  }

  /** Flows and sessions expired for more than a day are of no use, not even for the "expired" answer. */
  pruneFlows(now: number): void {
    this.db.prepare('DELETE FROM flows WHERE expires_at < ?').run(now - 24 * 3600 * 1000);
    this.db.prepare('DELETE FROM sessions WHERE expires_at < ?').run(now - 24 * 3600 * 1000);
  }

  // Codes --------------------------------------------------------------------------------------------------------

  /** Stores a new code for the flow and retires the flow's earlier codes (a resend replaces the code). */
  insertCode(
    flowId: string,
    kind: string,
    address: string,
    identityId: string | null,
    codeHash: string,
    expiresAt: number,
    now: number,
  ): void {
    this.db.transaction(() => {
      this.db.prepare('UPDATE codes SET used_at = ? WHERE flow_id = ? AND used_at IS NULL').run(now, flowId);
      this.db
        .prepare(
          'INSERT INTO codes (id, flow_id, kind, address, identity_id, code_hash, expires_at, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
        )
        .run(randomUUID(), flowId, kind, address.toLowerCase(), identityId, codeHash, expiresAt, now);
    })();
  }

  /** Uses the flow's live code with this hash, once. */
  consumeCode(
    flowId: string,
    codeHash: string,
    now: number,
  ): { address: string; identityId: string | null } | null {
    const row = this.db
      .prepare(
        'SELECT id, address, identity_id FROM codes WHERE flow_id = ? AND code_hash = ? AND used_at IS NULL AND expires_at > ?',
      )
      .get(flowId, codeHash, now) as { id: string; address: string; identity_id: string | null } | undefined;
    if (!row) return null;
    const res = this.db
      .prepare('UPDATE codes SET used_at = ? WHERE id = ? AND used_at IS NULL')
      .run(now, row.id);
    if (res.changes !== 1) return null;
    return { address: row.address, identityId: row.identity_id };
  }

  retireCodes(flowId: string, now: number): void {
    this.db.prepare('UPDATE codes SET used_at = ? WHERE flow_id = ? AND used_at IS NULL').run(now, flowId);
  }

  // Errors -------------------------------------------------------------------------------------------------------

  insertError(error: unknown, now: number): string {
    const id = randomUUID();
    this.db
      .prepare('INSERT INTO flow_errors (id, error, created_at) VALUES (?, ?, ?)')
      .run(id, JSON.stringify(error), now);
    return id;
  }

  getError(id: string): { id: string; error: unknown; createdAt: number } | null {
    const row = this.db.prepare('SELECT * FROM flow_errors WHERE id = ?').get(id) as
      { id: string; error: string; created_at: number } | undefined;
    return row ? { id: row.id, error: JSON.parse(row.error) as unknown, createdAt: row.created_at } : null;
  }
}
