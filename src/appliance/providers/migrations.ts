/**
 * Schema of the identity providers module (namespace `providers`): numbered, forward only. The built-in local
 * provider is a row like the others (id 1, type `local`), so services can list it in their fallback order.
 */
import type { Migration } from '../../storage/sqlite';
import {
  bindingText,
  ldapSecretBinding,
  oidcSecretBinding,
  type LdapBindingInput,
  type OidcBindingInput,
} from '../../shared/secretBinding';

export const providersMigrations: Migration[] = [
  {
    version: 1,
    name: 'identity providers',
    up: (db) =>
      db.exec(`
        CREATE TABLE auth_providers (
          id INTEGER PRIMARY KEY,
          name TEXT NOT NULL UNIQUE COLLATE NOCASE,
          type TEXT NOT NULL CHECK (type IN ('local', 'ldap', 'oidc')),
          enabled INTEGER NOT NULL DEFAULT 1,
          settings TEXT NOT NULL DEFAULT '{}',
          secret BLOB,
          created_at INTEGER NOT NULL,
          updated_at INTEGER NOT NULL
        );
        INSERT INTO auth_providers (id, name, type, enabled, settings, created_at, updated_at)
          VALUES (1, 'Local accounts', 'local', 1, '{}', 0, 0);
      `),
  },
  {
    version: 2,
    name: 'services and their providers in fallback order',
    up: (db) =>
      db.exec(`
        CREATE TABLE auth_service_providers (
          service TEXT NOT NULL CHECK (service IN ('console', 'ssh', 'api')),
          provider_id INTEGER NOT NULL REFERENCES auth_providers(id) ON DELETE CASCADE,
          position INTEGER NOT NULL,
          PRIMARY KEY (service, provider_id)
        );
        INSERT INTO auth_service_providers (service, provider_id, position)
          VALUES ('console', 1, 0), ('ssh', 1, 0), ('api', 1, 0);
      `),
  },
  {
    version: 3,
    tables: { oidc_login_states: 'runtime' },
    name: 'accounts signed in through providers, pending OpenID sign-ins',
    up: (db) =>
      db.exec(`
        CREATE TABLE provider_accounts (
          provider_id INTEGER NOT NULL REFERENCES auth_providers(id) ON DELETE CASCADE,
          subject TEXT NOT NULL,
          user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
          managed INTEGER NOT NULL,
          groups TEXT NOT NULL DEFAULT '[]',
          last_login INTEGER NOT NULL,
          PRIMARY KEY (provider_id, subject)
        );
        CREATE INDEX provider_accounts_user ON provider_accounts(user_id);
        CREATE TABLE oidc_login_states (
          state_hash TEXT PRIMARY KEY,
          provider_id INTEGER NOT NULL REFERENCES auth_providers(id) ON DELETE CASCADE,
          nonce TEXT NOT NULL,
          verifier TEXT NOT NULL,
          return_to TEXT NOT NULL,
          expires_at INTEGER NOT NULL
        );
      `),
  },
  {
    version: 4,
    name: 'what each stored secret is bound to',
    // A secret is used only with the settings it was saved with (src/shared/secretBinding.ts). Secrets stored before
    // are bound to the settings they have now: nothing better is known about them.
    up: (db) => {
      db.exec('ALTER TABLE auth_providers ADD COLUMN secret_binding TEXT');
      const rows = db
        .prepare('SELECT id, type, settings FROM auth_providers WHERE secret IS NOT NULL')
        .all() as Array<{ id: number; type: string; settings: string }>;
      const bind = db.prepare('UPDATE auth_providers SET secret_binding = ? WHERE id = ?');
      for (const r of rows) {
        const s = JSON.parse(r.settings) as LdapBindingInput & OidcBindingInput;
        if (r.type === 'ldap') bind.run(bindingText(ldapSecretBinding(s)), r.id);
        if (r.type === 'oidc') bind.run(bindingText(oidcSecretBinding(s)), r.id);
      }
    },
  },
];
