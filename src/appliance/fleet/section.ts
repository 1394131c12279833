/**
 * The fleet's configuration section (`settings.fleet`, System → Fleet): its one `settings` entity, written through
 * the same store function as the page's save; the cluster credentials are a marker a document cannot change. After
 * a write the fleet follows (the Fleet CA, nats-server and the enrolment listener), as after the page's save.
 */
import type { ApplianceContext } from '../context';
import { registerSection, type Entities, type Json } from '../revisions/sections';
import { secretMarkers } from '../revisions/secrets';
import { knownIds, plainObject, requiredEntity, rules, sameSecret } from '../revisions/sectionKit';
import { fleetSettingsBody, type FleetSettingsBody } from '../../shared/contracts/fleetEnrolment';
import { checkFleetSettings, readFleetSettings, readSettingsRow, writeFleetSettings } from './settings';

const NAME = 'settings.fleet';

export function registerFleetSection(ctx: ApplianceContext, followed: () => void): void {
  const marker = secretMarkers(ctx.db);
  registerSection(ctx, {
    name: NAME,
    area: 'fleet',
    label: 'Fleet',
    paths: ['/fleet/settings'],
    read: (db): Entities => {
      const exists = db
        .prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'fleet_settings'")
        .get();
      if (!exists) return {};
      const { has_external_credentials: _has, ...settings } = readFleetSettings(db);
      return {
        settings: plainObject({
          ...settings,
          external_credentials: marker(readSettingsRow(db).external_credentials_sealed) as Json,
        }),
      };
    },
    title: () => 'Fleet settings',
    fields: {
      manage: { label: 'manage other appliances' },
      public_host: { label: 'public host' },
      nats_port: { label: 'NATS port' },
      enrol_port: { label: 'enrolment port' },
      external_url: { label: 'cluster URL' },
    },
    write: (db, entities) => {
      knownIds(NAME, entities, [], ['settings']);
      const { external_credentials: wanted, ...fields } = entities.settings ?? {};
      const body = requiredEntity<FleetSettingsBody>(
        NAME,
        { settings: fields },
        'settings',
        fleetSettingsBody,
        'The fleet settings',
      );
      sameSecret(
        NAME,
        'settings',
        wanted,
        marker(readSettingsRow(db).external_credentials_sealed),
        'The cluster credentials',
        'Fleet',
      );
      rules(NAME, 'settings', checkFleetSettings(body, readFleetSettings(db)));
      writeFleetSettings(ctx, body);
    },
    written: followed,
  });
}
