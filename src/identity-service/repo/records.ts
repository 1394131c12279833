/** The identity service's records (what the flows use) and the rows they are read from. */
import { createHash } from 'node:crypto';
import type { UiText } from '../text';

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
  /** Sign-in through a provider (`oidc`): the provider's id. */
  provider?: string;
}

export interface SessionRecord {
  id: string;
  identityId: string;
  aal: Aal;
  methods: AuthMethod[];
  authenticatedAt: number;
  issuedAt: number;
  expiresAt: number;
  /** Last request of the session's owner (the idle timeout counts from here). */
  lastSeenAt: number;
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
  /**
   * Login / registration: the provider sign-in under way (oidc.ts). Only a hash of the state is kept; the nonce
   * and PKCE verifier are used once, when the provider sends the browser back.
   */
  oidc?: { provider: string; stateHash: string; nonce: string; verifier: string };
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

export interface IdentityRow {
  id: string;
  schema_id: string;
  state: string;
  traits: string;
  metadata_public: string | null;
  created_at: number;
  updated_at: number;
}
export interface AddressRow {
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
export interface SessionRow {
  id: string;
  identity_id: string;
  aal: string;
  methods: string;
  authenticated_at: number;
  issued_at: number;
  expires_at: number;
  last_seen_at: number;
  active: number;
  ip_address: string | null;
  user_agent: string | null;
}
export interface FlowRow {
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

export const toIdentity = (r: IdentityRow): IdentityRecord => ({
  id: r.id,
  schemaId: r.schema_id,
  state: r.state === 'inactive' ? 'inactive' : 'active',
  traits: JSON.parse(r.traits) as IdentityRecord['traits'],
  metadataPublic: r.metadata_public ? (JSON.parse(r.metadata_public) as unknown) : null,
  createdAt: r.created_at,
  updatedAt: r.updated_at,
});
export const toAddress = (r: AddressRow): AddressRecord => ({
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
export const toSession = (r: SessionRow): SessionRecord => ({
  id: r.id,
  identityId: r.identity_id,
  aal: r.aal === 'aal2' ? 'aal2' : 'aal1',
  methods: JSON.parse(r.methods) as AuthMethod[],
  authenticatedAt: r.authenticated_at,
  issuedAt: r.issued_at,
  expiresAt: r.expires_at,
  lastSeenAt: r.last_seen_at,
  active: r.active === 1,
  ipAddress: r.ip_address,
  userAgent: r.user_agent,
});
export const toFlow = (r: FlowRow): FlowRecord => ({
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
