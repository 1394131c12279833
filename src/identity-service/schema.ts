/** SQLite schema of the identity service (namespace `identity`). Times are epoch milliseconds. */
import type { JsonWebKey } from 'node:crypto';
import type { Migration } from '../storage/sqlite';
import { attemptTableSql } from '../service-kit/attemptCounter';
import { RATE_LIMIT_TABLE } from './rateLimit';
import { jwkToCose } from './webauthn/migrateKeys';

export const identityMigrations: Migration[] = [
  {
    version: 1,
    tables: {
      sessions: 'runtime',
      flows: 'runtime',
      flow_errors: 'runtime',
      codes: 'runtime',
      courier_messages: 'runtime',
    },
    name: 'identities, credentials, addresses, sessions, flows, codes, courier, errors',
    up: (db) => {
      db.exec(`
        CREATE TABLE identities (
          id TEXT PRIMARY KEY,
          schema_id TEXT NOT NULL,
          state TEXT NOT NULL DEFAULT 'active',
          traits TEXT NOT NULL,
          metadata_public TEXT,
          created_at INTEGER NOT NULL,
          updated_at INTEGER NOT NULL
        );
        -- One row per credential type; identifier is unique per type (lower-cased email for password).
        CREATE TABLE credentials (
          id TEXT PRIMARY KEY,
          identity_id TEXT NOT NULL REFERENCES identities(id) ON DELETE CASCADE,
          type TEXT NOT NULL,
          identifier TEXT,
          config TEXT NOT NULL,
          created_at INTEGER NOT NULL,
          updated_at INTEGER NOT NULL,
          UNIQUE (identity_id, type)
        );
        CREATE UNIQUE INDEX credentials_identifier ON credentials(type, identifier) WHERE identifier IS NOT NULL;
        CREATE TABLE verifiable_addresses (
          id TEXT PRIMARY KEY,
          identity_id TEXT NOT NULL REFERENCES identities(id) ON DELETE CASCADE,
          via TEXT NOT NULL,
          value TEXT NOT NULL,
          verified INTEGER NOT NULL DEFAULT 0,
          status TEXT NOT NULL DEFAULT 'pending',
          verified_at INTEGER,
          created_at INTEGER NOT NULL,
          updated_at INTEGER NOT NULL,
          UNIQUE (via, value)
        );
        CREATE TABLE recovery_addresses (
          id TEXT PRIMARY KEY,
          identity_id TEXT NOT NULL REFERENCES identities(id) ON DELETE CASCADE,
          via TEXT NOT NULL,
          value TEXT NOT NULL,
          created_at INTEGER NOT NULL,
          updated_at INTEGER NOT NULL,
          UNIQUE (via, value)
        );
        CREATE TABLE sessions (
          id TEXT PRIMARY KEY,
          token_hash TEXT NOT NULL UNIQUE,
          -- The logout token only ends this session; it is handed back by GET /self-service/logout/browser.
          logout_token TEXT NOT NULL UNIQUE,
          identity_id TEXT NOT NULL REFERENCES identities(id) ON DELETE CASCADE,
          aal TEXT NOT NULL,
          methods TEXT NOT NULL,
          authenticated_at INTEGER NOT NULL,
          issued_at INTEGER NOT NULL,
          expires_at INTEGER NOT NULL,
          active INTEGER NOT NULL DEFAULT 1,
          ip_address TEXT,
          user_agent TEXT
        );
        CREATE INDEX sessions_identity ON sessions(identity_id);
        CREATE TABLE flows (
          id TEXT PRIMARY KEY,
          kind TEXT NOT NULL,
          type TEXT NOT NULL,
          state TEXT NOT NULL,
          identity_id TEXT REFERENCES identities(id) ON DELETE CASCADE,
          csrf_token TEXT NOT NULL,
          request_url TEXT NOT NULL,
          return_to TEXT,
          issued_at INTEGER NOT NULL,
          expires_at INTEGER NOT NULL,
          data TEXT NOT NULL
        );
        CREATE INDEX flows_expires ON flows(expires_at);
        -- One-time codes (recovery, verification): only a hash is kept; single use, expiry, attempt count per flow.
        CREATE TABLE codes (
          id TEXT PRIMARY KEY,
          flow_id TEXT NOT NULL REFERENCES flows(id) ON DELETE CASCADE,
          kind TEXT NOT NULL,
          address TEXT NOT NULL,
          identity_id TEXT REFERENCES identities(id) ON DELETE CASCADE,
          code_hash TEXT NOT NULL,
          expires_at INTEGER NOT NULL,
          used_at INTEGER,
          created_at INTEGER NOT NULL
        );
        CREATE INDEX codes_flow ON codes(flow_id);
        CREATE TABLE courier_messages (
          id TEXT PRIMARY KEY,
          recipient TEXT NOT NULL,
          subject TEXT NOT NULL,
          body TEXT NOT NULL,
          template_type TEXT NOT NULL,
          status TEXT NOT NULL,
          send_count INTEGER NOT NULL DEFAULT 0,
          last_error TEXT,
          created_at INTEGER NOT NULL,
          updated_at INTEGER NOT NULL
        );
        CREATE TABLE flow_errors (
          id TEXT PRIMARY KEY,
          error TEXT NOT NULL,
          created_at INTEGER NOT NULL
        );
      `);
    },
  },
  {
    version: 2,
    name: 'security keys keep their COSE public key (format 2) instead of a JWK',
    up: (db) => {
      const rows = db.prepare("SELECT id, config FROM credentials WHERE type = 'webauthn'").all() as Array<{
        id: string;
        config: string;
      }>;
      const update = db.prepare('UPDATE credentials SET config = ? WHERE id = ?');
      for (const row of rows) {
        const config = JSON.parse(row.config) as { credentials?: Array<Record<string, unknown>> };
        for (const key of config.credentials ?? []) {
          if (typeof key.public_key === 'object' && key.public_key)
            key.public_key = jwkToCose(key.public_key as JsonWebKey, Number(key.alg));
        }
        update.run(JSON.stringify(config), row.id);
      }
    },
  },
  {
    version: 3,
    tables: { rate_limits: 'runtime' },
    name: 'persisted rate limits',
    up: (db) => db.exec(attemptTableSql(RATE_LIMIT_TABLE)),
  },
  {
    version: 4,
    name: 'session activity (idle timeout)',
    up: (db) =>
      db.exec(`
        ALTER TABLE sessions ADD COLUMN last_seen_at INTEGER NOT NULL DEFAULT 0;
        UPDATE sessions SET last_seen_at = issued_at;
      `),
  },
  {
    version: 5,
    name: 'credential identifiers (sign-in through OpenID Connect providers: <provider>:<subject>)',
    up: (db) =>
      db.exec(`
        -- Kratos' identity_credential_identifiers: one credential (type oidc) may carry many identifiers.
        CREATE TABLE credential_identifiers (
          type TEXT NOT NULL,
          identifier TEXT NOT NULL,
          identity_id TEXT NOT NULL REFERENCES identities(id) ON DELETE CASCADE,
          created_at INTEGER NOT NULL,
          PRIMARY KEY (type, identifier)
        );
        CREATE INDEX credential_identifiers_identity ON credential_identifiers(identity_id);
      `),
  },
];
