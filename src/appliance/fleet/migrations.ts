import type { Migration } from '../../storage/sqlite';
import { attemptTableSql } from '../../service-kit/attemptCounter';
import { appendMenuEntry } from '../console/menu';

/** The managing side's tables (namespace `fleet_enrolment`): settings, the fleet's own key material, appliances. */
export const fleetMigrations: Migration[] = [
  {
    version: 1,
    name: 'fleet settings, key material, appliances and their enrolment history, membership of a fleet',
    tables: {
      fleet_material: 'runtime',
      fleet_appliances: 'runtime',
      fleet_history: 'history',
      fleet_enrol_attempts: 'runtime',
      fleet_membership: 'runtime',
    },
    up: (db) =>
      db.exec(`
        CREATE TABLE fleet_settings (
          id INTEGER PRIMARY KEY CHECK (id = 1),
          manage INTEGER NOT NULL DEFAULT 0,
          nats TEXT NOT NULL DEFAULT 'embedded' CHECK (nats IN ('embedded', 'external')),
          public_host TEXT NOT NULL DEFAULT '127.0.0.1',
          listen_address TEXT NOT NULL DEFAULT '127.0.0.1',
          nats_port INTEGER NOT NULL DEFAULT 4222,
          enrol_port INTEGER NOT NULL DEFAULT 4223,
          external_url TEXT NOT NULL DEFAULT '',
          external_credentials_sealed BLOB
        );
        INSERT INTO fleet_settings (id) VALUES (1);
        -- The Fleet CA's id in the PKI and the certificates the manager holds under it (keys sealed).
        CREATE TABLE fleet_material (
          role TEXT PRIMARY KEY CHECK (role IN ('server', 'manager')),
          ca_id TEXT NOT NULL,
          cert_id TEXT NOT NULL,
          cert_pem TEXT NOT NULL,
          key_sealed BLOB NOT NULL,
          names TEXT NOT NULL,
          not_after INTEGER NOT NULL
        );
        CREATE TABLE fleet_appliances (
          id TEXT PRIMARY KEY,
          name TEXT NOT NULL,
          grp TEXT NOT NULL DEFAULT '',
          state TEXT NOT NULL CHECK (state IN ('pending', 'enrolling', 'enrolled', 'removed')),
          code_hash TEXT UNIQUE,
          code_expires_at INTEGER,
          created_at INTEGER NOT NULL,
          enrolled_at INTEGER,
          removed_at INTEGER,
          cert_id TEXT,
          cert_serial TEXT,
          cert_not_after INTEGER
        );
        CREATE INDEX fleet_appliances_state ON fleet_appliances (state);
        CREATE TABLE fleet_history (
          id INTEGER PRIMARY KEY,
          appliance_id TEXT NOT NULL,
          at INTEGER NOT NULL,
          event TEXT NOT NULL,
          detail TEXT NOT NULL,
          actor TEXT NOT NULL
        );
        CREATE INDEX fleet_history_appliance ON fleet_history (appliance_id, at);
        ${attemptTableSql('fleet_enrol_attempts')};
        -- This appliance as a member of a fleet (the joining side): its own key, sealed, never sent anywhere.
        CREATE TABLE fleet_membership (
          id INTEGER PRIMARY KEY CHECK (id = 1),
          appliance_id TEXT NOT NULL,
          key_sealed BLOB NOT NULL,
          cert_pem TEXT NOT NULL,
          ca_pem TEXT NOT NULL,
          ca_fingerprint TEXT NOT NULL,
          nats_url TEXT NOT NULL,
          cert_not_after INTEGER NOT NULL,
          joined_at INTEGER NOT NULL
        );
      `),
  },
  {
    version: 2,
    name: 'the Fleet page in the System menu of a console set up before it',
    up: (db) => appendMenuEntry(db, 'system', { id: 'fleet', name: 'Fleet', path: '/fleet' }),
  },
  {
    version: 3,
    name: 'fleet: the configuration hash each appliance is known to have',
    // Set from its first state record after enrolment (part 2's rollout moves it): a newer record with another
    // hash means the appliance's configuration was changed locally.
    up: (db) => db.exec('ALTER TABLE fleet_appliances ADD COLUMN known_config_hash TEXT'),
  },
  {
    version: 4,
    name: 'fleet: a configuration document per group of appliances',
    // Configuration (a restore brings it back), so no runtime or history role is declared for it.
    up: (db) =>
      db.exec(`
        CREATE TABLE fleet_groups (
          name TEXT PRIMARY KEY,
          document TEXT NOT NULL,
          revision INTEGER NOT NULL CHECK (revision >= 1),
          saved_by TEXT NOT NULL,
          saved_at INTEGER NOT NULL
        );
      `),
  },
];
