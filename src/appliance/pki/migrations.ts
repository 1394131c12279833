/** Schema of the PKI (namespace `pki`): numbered, forward only. Never edit a released migration. */
import type { Migration } from '../../storage/sqlite';

export const pkiMigrations: Migration[] = [
  {
    version: 1,
    name: 'keys, certificate authorities, certificates, revocation lists',
    up: (db) =>
      db.exec(`
        CREATE TABLE pki_keys (
          id TEXT PRIMARY KEY,
          algorithm TEXT NOT NULL,
          -- AES-256-GCM sealed PKCS#8 DER (see keys.ts); never stored in the clear
          sealed BLOB NOT NULL,
          spki_sha256 TEXT NOT NULL,
          created_at INTEGER NOT NULL
        );
        CREATE TABLE pki_cas (
          id TEXT PRIMARY KEY,
          name TEXT NOT NULL,
          parent_id TEXT REFERENCES pki_cas(id),
          key_id TEXT REFERENCES pki_keys(id),
          cert_der BLOB NOT NULL,
          -- certificates above this one that came with an import (concatenated DER list as PEM text)
          chain_pem TEXT NOT NULL DEFAULT '',
          subject TEXT NOT NULL,
          issuer TEXT NOT NULL,
          serial TEXT NOT NULL,
          fingerprint_sha256 TEXT NOT NULL UNIQUE,
          not_before INTEGER NOT NULL,
          not_after INTEGER NOT NULL,
          path_length INTEGER,
          source TEXT NOT NULL CHECK (source IN ('created', 'imported')),
          crl_validity_hours INTEGER NOT NULL DEFAULT 168,
          crl_number INTEGER NOT NULL DEFAULT 0,
          created_at INTEGER NOT NULL
        );
        CREATE TABLE pki_certificates (
          id TEXT PRIMARY KEY,
          name TEXT NOT NULL,
          ca_id TEXT REFERENCES pki_cas(id),
          key_id TEXT REFERENCES pki_keys(id),
          cert_der BLOB NOT NULL,
          chain_pem TEXT NOT NULL DEFAULT '',
          profile TEXT NOT NULL CHECK (profile IN ('server', 'client', 'other')),
          source TEXT NOT NULL CHECK (source IN ('issued', 'csr', 'imported', 'acme')),
          subject TEXT NOT NULL,
          issuer TEXT NOT NULL,
          serial TEXT NOT NULL,
          fingerprint_sha256 TEXT NOT NULL,
          sans TEXT NOT NULL,
          not_before INTEGER NOT NULL,
          not_after INTEGER NOT NULL,
          revoked_at INTEGER,
          revocation_reason TEXT,
          renewed_from TEXT REFERENCES pki_certificates(id) ON DELETE SET NULL,
          created_at INTEGER NOT NULL
        );
        CREATE INDEX pki_certificates_ca ON pki_certificates(ca_id);
        CREATE UNIQUE INDEX pki_certificates_serial ON pki_certificates(ca_id, serial) WHERE ca_id IS NOT NULL;
        CREATE TABLE pki_crls (
          id TEXT PRIMARY KEY,
          ca_id TEXT REFERENCES pki_cas(id) ON DELETE CASCADE,
          source TEXT NOT NULL CHECK (source IN ('generated', 'imported')),
          name TEXT NOT NULL,
          issuer TEXT NOT NULL,
          crl_der BLOB NOT NULL,
          number INTEGER,
          this_update INTEGER NOT NULL,
          next_update INTEGER,
          entries INTEGER NOT NULL,
          created_at INTEGER NOT NULL
        );
        CREATE INDEX pki_crls_ca ON pki_crls(ca_id);
      `),
  },
  {
    version: 2,
    name: 'ACME accounts, orders and HTTP-01 challenges',
    up: (db) =>
      db.exec(`
        CREATE TABLE pki_acme_accounts (
          id TEXT PRIMARY KEY,
          name TEXT NOT NULL,
          directory_url TEXT NOT NULL,
          email TEXT NOT NULL,
          key_id TEXT NOT NULL REFERENCES pki_keys(id),
          account_url TEXT NOT NULL,
          -- extra CA certificates trusted for this directory's TLS (private ACME servers)
          trust_pem TEXT NOT NULL DEFAULT '',
          created_at INTEGER NOT NULL
        );
        CREATE TABLE pki_acme_orders (
          id TEXT PRIMARY KEY,
          account_id TEXT NOT NULL REFERENCES pki_acme_accounts(id),
          names TEXT NOT NULL,
          key_type TEXT NOT NULL,
          status TEXT NOT NULL CHECK (status IN ('pending', 'ready', 'processing', 'valid', 'invalid')),
          detail TEXT NOT NULL DEFAULT '',
          order_url TEXT,
          certificate_id TEXT REFERENCES pki_certificates(id) ON DELETE SET NULL,
          auto_renew INTEGER NOT NULL,
          renew_before_days INTEGER NOT NULL,
          renews_order_id TEXT REFERENCES pki_acme_orders(id) ON DELETE SET NULL,
          created_at INTEGER NOT NULL,
          updated_at INTEGER NOT NULL
        );
        CREATE INDEX pki_acme_orders_account ON pki_acme_orders(account_id);
        CREATE TABLE pki_acme_challenges (
          token TEXT PRIMARY KEY,
          key_authorization TEXT NOT NULL,
          order_id TEXT NOT NULL REFERENCES pki_acme_orders(id) ON DELETE CASCADE,
          created_at INTEGER NOT NULL
        );
      `),
  },
  {
    version: 3,
    name: 'index of renewals (each listed certificate looks up its renewal)',
    up: (db) =>
      db.exec(`
        CREATE INDEX pki_certificates_renewed_from ON pki_certificates(renewed_from);
      `),
  },
  {
    version: 4,
    name: 'sort and search keys of the certificate list (filled by triggers, so every write keeps them)',
    up: (db) =>
      db.exec(`
        ALTER TABLE pki_cas ADD COLUMN name_key TEXT;
        UPDATE pki_cas SET name_key = sort_key(name);
        CREATE TRIGGER pki_cas_list_keys_insert AFTER INSERT ON pki_cas BEGIN
          UPDATE pki_cas SET name_key = sort_key(NEW.name) WHERE id = NEW.id;
        END;
        CREATE TRIGGER pki_cas_list_keys_update AFTER UPDATE OF name ON pki_cas BEGIN
          UPDATE pki_cas SET name_key = sort_key(NEW.name) WHERE id = NEW.id;
        END;

        ALTER TABLE pki_certificates ADD COLUMN name_key TEXT;
        ALTER TABLE pki_certificates ADD COLUMN search_text TEXT NOT NULL DEFAULT '';
        UPDATE pki_certificates SET name_key = sort_key(name),
          search_text = search_text(name, subject, serial, fingerprint_sha256,
            (SELECT group_concat(value, char(31)) FROM json_tree(sans) WHERE type = 'text'));
        CREATE TRIGGER pki_certificates_list_keys_insert AFTER INSERT ON pki_certificates BEGIN
          UPDATE pki_certificates SET name_key = sort_key(NEW.name),
            search_text = search_text(NEW.name, NEW.subject, NEW.serial, NEW.fingerprint_sha256,
              (SELECT group_concat(value, char(31)) FROM json_tree(NEW.sans) WHERE type = 'text'))
           WHERE id = NEW.id;
        END;
        CREATE TRIGGER pki_certificates_list_keys_update
          AFTER UPDATE OF name, subject, serial, fingerprint_sha256, sans ON pki_certificates BEGIN
          UPDATE pki_certificates SET name_key = sort_key(NEW.name),
            search_text = search_text(NEW.name, NEW.subject, NEW.serial, NEW.fingerprint_sha256,
              (SELECT group_concat(value, char(31)) FROM json_tree(NEW.sans) WHERE type = 'text'))
           WHERE id = NEW.id;
        END;
        CREATE INDEX pki_certificates_name_key ON pki_certificates(name_key);
        CREATE INDEX pki_certificates_not_after ON pki_certificates(not_after);
        CREATE INDEX pki_certificates_created_at ON pki_certificates(created_at);
      `),
  },
];
