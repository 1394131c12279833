/**
 * Schema of the users module (namespace `users`): numbered, forward only. It extends the `users` table owned by the
 * `appliance` namespace with the managed-account fields and keeps the login history beside it.
 */
import type { Migration } from '../../storage/sqlite';

export const usersMigrations: Migration[] = [
  {
    version: 1,
    name: 'account fields, login history',
    up: (db) =>
      db.exec(`
        ALTER TABLE users ADD COLUMN email TEXT NOT NULL DEFAULT '';
        ALTER TABLE users ADD COLUMN full_name TEXT NOT NULL DEFAULT '';
        ALTER TABLE users ADD COLUMN enabled INTEGER NOT NULL DEFAULT 1;
        ALTER TABLE users ADD COLUMN expires_at TEXT;
        ALTER TABLE users ADD COLUMN totp_created_at INTEGER;
        CREATE TABLE user_logins (
          id INTEGER PRIMARY KEY,
          username TEXT NOT NULL COLLATE NOCASE,
          at INTEGER NOT NULL,
          source TEXT NOT NULL,
          method TEXT NOT NULL,
          success INTEGER NOT NULL
        );
        CREATE INDEX user_logins_name ON user_logins(username, at);
      `),
  },
  {
    version: 2,
    name: 'groups with members and privileges per area',
    up: (db) =>
      db.exec(`
        CREATE TABLE user_groups (
          id INTEGER PRIMARY KEY,
          name TEXT NOT NULL UNIQUE COLLATE NOCASE,
          description TEXT NOT NULL DEFAULT '',
          created_at INTEGER NOT NULL
        );
        CREATE TABLE user_group_members (
          group_id INTEGER NOT NULL REFERENCES user_groups(id) ON DELETE CASCADE,
          user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
          PRIMARY KEY (group_id, user_id)
        );
        CREATE INDEX user_group_members_user ON user_group_members(user_id);
        CREATE TABLE user_group_privileges (
          group_id INTEGER NOT NULL REFERENCES user_groups(id) ON DELETE CASCADE,
          area TEXT NOT NULL,
          access TEXT NOT NULL CHECK (access IN ('read', 'write')),
          PRIMARY KEY (group_id, area)
        );
      `),
  },
  {
    version: 3,
    name: 'lockout per-account and per-source rules, allow-listed networks',
    up: (db) =>
      db.exec(`
        ALTER TABLE lockout_policy ADD COLUMN account_attempts INTEGER NOT NULL DEFAULT 50;
        ALTER TABLE lockout_policy ADD COLUMN account_window_seconds INTEGER NOT NULL DEFAULT 900;
        ALTER TABLE lockout_policy ADD COLUMN source_attempts INTEGER;
        ALTER TABLE lockout_policy ADD COLUMN source_window_seconds INTEGER;
        CREATE TABLE lockout_allow_list (
          subnet TEXT PRIMARY KEY,
          position INTEGER NOT NULL
        );
      `),
  },
  {
    version: 4,
    tables: { user_webauthn_ceremonies: 'runtime' },
    name: 'security keys (WebAuthn) of console accounts and their pending ceremonies',
    up: (db) =>
      db.exec(`
        ALTER TABLE users ADD COLUMN webauthn_user_handle TEXT;
        CREATE TABLE user_security_keys (
          id INTEGER PRIMARY KEY,
          user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
          credential_id TEXT NOT NULL UNIQUE,
          public_key TEXT NOT NULL,
          alg INTEGER NOT NULL,
          sign_count INTEGER NOT NULL DEFAULT 0,
          rp_id TEXT NOT NULL,
          name TEXT NOT NULL,
          created_at INTEGER NOT NULL,
          last_used_at INTEGER
        );
        CREATE INDEX user_security_keys_user ON user_security_keys(user_id);
        CREATE TABLE user_webauthn_ceremonies (
          ticket_hash TEXT PRIMARY KEY,
          user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
          purpose TEXT NOT NULL CHECK (purpose IN ('register', 'login')),
          challenge TEXT NOT NULL,
          rp_id TEXT NOT NULL,
          origin TEXT NOT NULL,
          session_hash TEXT,
          expires_at INTEGER NOT NULL
        );
      `),
  },
  {
    version: 5,
    name: 'sort and search keys of the accounts list (filled by triggers, so every write keeps them)',
    up: (db) =>
      db.exec(`
        ALTER TABLE users ADD COLUMN username_key TEXT;
        ALTER TABLE users ADD COLUMN full_name_key TEXT;
        ALTER TABLE users ADD COLUMN email_key TEXT;
        ALTER TABLE users ADD COLUMN search_text TEXT NOT NULL DEFAULT '';
        UPDATE users SET username_key = sort_key(username), full_name_key = sort_key(full_name),
          email_key = sort_key(email), search_text = search_text(username, full_name, email);
        CREATE TRIGGER users_list_keys_insert AFTER INSERT ON users BEGIN
          UPDATE users SET username_key = sort_key(NEW.username), full_name_key = sort_key(NEW.full_name),
            email_key = sort_key(NEW.email), search_text = search_text(NEW.username, NEW.full_name, NEW.email)
           WHERE id = NEW.id;
        END;
        CREATE TRIGGER users_list_keys_update AFTER UPDATE OF username, full_name, email ON users BEGIN
          UPDATE users SET username_key = sort_key(NEW.username), full_name_key = sort_key(NEW.full_name),
            email_key = sort_key(NEW.email), search_text = search_text(NEW.username, NEW.full_name, NEW.email)
           WHERE id = NEW.id;
        END;
        CREATE INDEX users_username_key ON users(username_key);
        CREATE INDEX users_full_name_key ON users(full_name_key);
        CREATE INDEX users_email_key ON users(email_key);
        CREATE INDEX users_created_at ON users(created_at);
      `),
  },
];
