/** Schema of the appliance (namespace `appliance`): numbered, forward only. Never edit a released migration. */
import type { Migration } from '../../storage/sqlite';
import { attemptTableSql } from '../../service-kit/attemptCounter';
import { LOGIN_ATTEMPTS_TABLE } from '../auth/lockout';

export const applianceMigrations: Migration[] = [
  {
    version: 1,
    tables: { sessions: 'runtime', login_throttle: 'runtime' },
    name: 'users, sessions, lockout',
    up: (db) =>
      db.exec(`
        CREATE TABLE users (
          id INTEGER PRIMARY KEY,
          username TEXT NOT NULL UNIQUE COLLATE NOCASE,
          password_hash TEXT NOT NULL,
          role TEXT NOT NULL CHECK (role IN ('admin', 'user')),
          must_change_password INTEGER NOT NULL DEFAULT 0,
          otp_required INTEGER NOT NULL DEFAULT 0,
          totp_secret TEXT,
          last_otp_step INTEGER NOT NULL DEFAULT 0,
          created_at INTEGER NOT NULL,
          password_changed_at INTEGER
        );
        CREATE TABLE sessions (
          token_hash TEXT PRIMARY KEY,
          user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
          kind TEXT NOT NULL CHECK (kind IN ('cookie', 'bearer')),
          created_at INTEGER NOT NULL,
          expires_at INTEGER NOT NULL
        );
        CREATE INDEX sessions_expiry ON sessions(expires_at);
        CREATE TABLE lockout_policy (
          id INTEGER PRIMARY KEY CHECK (id = 1),
          attempts INTEGER NOT NULL,
          window_seconds INTEGER NOT NULL,
          duration_seconds INTEGER NOT NULL
        );
        CREATE TABLE login_throttle (
          key TEXT PRIMARY KEY,
          failures INTEGER NOT NULL,
          first_failure_at INTEGER NOT NULL,
          locked_until INTEGER NOT NULL DEFAULT 0
        );
      `),
  },
  {
    version: 2,
    name: 'look and feel, menu',
    up: (db) =>
      db.exec(`
        CREATE TABLE ui_settings (
          id INTEGER PRIMARY KEY CHECK (id = 1),
          primary_color TEXT NOT NULL,
          bar_color TEXT NOT NULL,
          revision INTEGER NOT NULL DEFAULT 1,
          updated_at INTEGER NOT NULL,
          updated_by TEXT
        );
        CREATE TABLE images (
          slot TEXT PRIMARY KEY CHECK (slot IN ('login_logo', 'bar_logo', 'login_background')),
          mime TEXT NOT NULL,
          bytes BLOB NOT NULL,
          sha256 TEXT NOT NULL,
          updated_at INTEGER NOT NULL
        );
        CREATE TABLE menu_groups (
          id TEXT PRIMARY KEY,
          name TEXT NOT NULL,
          path TEXT NOT NULL,
          position INTEGER NOT NULL
        );
        CREATE TABLE menu_children (
          group_id TEXT NOT NULL REFERENCES menu_groups(id) ON DELETE CASCADE,
          id TEXT NOT NULL,
          name TEXT NOT NULL,
          path TEXT NOT NULL,
          position INTEGER NOT NULL,
          PRIMARY KEY (group_id, id)
        );
      `),
  },
  {
    version: 3,
    name: 'messaging center',
    up: (db) =>
      db.exec(`
        CREATE TABLE messages (
          id TEXT NOT NULL,
          version_id TEXT NOT NULL,
          name TEXT NOT NULL,
          text TEXT NOT NULL,
          level TEXT NOT NULL CHECK (level IN ('info', 'success', 'error', 'warning', 'default')),
          type TEXT NOT NULL CHECK (type IN ('agreement', 'banner', 'notification')),
          active INTEGER NOT NULL DEFAULT 1,
          created_at INTEGER NOT NULL,
          PRIMARY KEY (id, version_id)
        );
        CREATE TABLE message_acceptances (
          user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
          message_id TEXT NOT NULL,
          version_id TEXT NOT NULL,
          accepted_at INTEGER NOT NULL,
          PRIMARY KEY (user_id, message_id, version_id),
          FOREIGN KEY (message_id, version_id) REFERENCES messages(id, version_id)
        );
      `),
  },
  {
    version: 4,
    tables: { jobs: 'runtime' },
    name: 'jobs, configuration revisions, system state',
    up: (db) =>
      db.exec(`
        CREATE TABLE jobs (
          id TEXT PRIMARY KEY,
          type TEXT NOT NULL CHECK (type IN ('config', 'upgrade')),
          status TEXT NOT NULL CHECK (status IN ('running', 'done', 'failed')),
          step_number INTEGER NOT NULL,
          total_steps INTEGER NOT NULL,
          details TEXT NOT NULL,
          reason TEXT,
          payload TEXT,
          created_by TEXT NOT NULL,
          created_at INTEGER NOT NULL,
          updated_at INTEGER NOT NULL
        );
        CREATE INDEX jobs_status ON jobs(status);
        CREATE TABLE config_revisions (
          id INTEGER PRIMARY KEY,
          job_id TEXT REFERENCES jobs(id),
          snapshot TEXT NOT NULL,
          sha256 TEXT NOT NULL,
          status TEXT NOT NULL CHECK (status IN ('pending', 'active', 'superseded', 'rejected')),
          created_at INTEGER NOT NULL,
          activated_at INTEGER
        );
        CREATE TABLE system_state (
          key TEXT PRIMARY KEY,
          value TEXT NOT NULL
        );
      `),
  },
  {
    version: 5,
    tables: { login_attempts: 'runtime' },
    name: 'persisted login attempt counters (per name and address)',
    up: (db) => {
      db.exec(attemptTableSql(LOGIN_ATTEMPTS_TABLE));
      // Replaced by login_attempts: its per-name counts locked owners out from everywhere.
      db.exec('DROP TABLE login_throttle');
    },
  },
  {
    version: 6,
    name: 'login screen title in the look and feel',
    up: (db) => db.exec('ALTER TABLE ui_settings ADD COLUMN login_title TEXT'),
  },
  {
    version: 7,
    name: 'session activity and authentication times (idle timeout, re-authentication)',
    up: (db) =>
      db.exec(`
        ALTER TABLE sessions ADD COLUMN last_seen_at INTEGER NOT NULL DEFAULT 0;
        ALTER TABLE sessions ADD COLUMN authenticated_at INTEGER NOT NULL DEFAULT 0;
        UPDATE sessions SET last_seen_at = created_at, authenticated_at = created_at;
      `),
  },
];
