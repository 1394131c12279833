/**
 * The updates' configuration section: the source and the security update schedule, written as the Updates page
 * saves them (store.ts), and the trusted keys by their fingerprint only (key material, kept in files: a document
 * never changes one). The updates feature also tells the configuration document the appliance's version.
 */
import type { ApplianceContext } from '../context';
import { canonical } from '../revisions/diff';
import { registerSection, registerVersionReader } from '../revisions/sections';
import { checked, entityError, keyed, kindOf, knownIds } from '../revisions/sectionKit';
import {
  updateSchedule,
  updateSettingsBody,
  type UpdateSchedule,
  type UpdateSettingsBody,
} from '../../shared/contracts/system';
import { readTrustedKeys } from './keys';
import { repositoryError } from './routes';
import { currentVersion, readSettings, writeUpdateSchedule, writeUpdateSource } from './store';

export function registerUpdatesSection(ctx: ApplianceContext): void {
  registerVersionReader(ctx, () => currentVersion(ctx.db));
  registerSection(ctx, {
    name: 'updates.settings',
    area: 'updates',
    label: 'Update settings',
    paths: ['/updates'],
    files: true,
    read: (db) => {
      const s = readSettings(db);
      return {
        settings: { repository: s.repository, channel: s.channel },
        schedule: { enabled: s.schedule_enabled === 1, day: s.schedule_day, time: s.schedule_time },
        ...keyed(
          readTrustedKeys(ctx.config.dataDir),
          (k) => `trusted_key:${k.name}`,
          (k) => ({ name: k.name, fingerprint: k.fingerprint }),
        ),
      };
    },
    title: (id, e) =>
      id === 'settings'
        ? 'Update source'
        : id === 'schedule'
          ? 'Security update schedule'
          : `Trusted key ${String(e.name)}`,
    // A trusted key is key material (a file): one left out stays, and a document never changes one.
    kept: (id) => kindOf(id) === 'trusted_key',
    write: (db, entities, now) => {
      const name = 'updates.settings';
      knownIds(name, entities, ['trusted_key'], ['settings', 'schedule']);
      const keys = new Map(readTrustedKeys(ctx.config.dataDir).map((k) => [`trusted_key:${k.name}`, k]));
      for (const [id, e] of Object.entries(entities)) {
        if (kindOf(id) !== 'trusted_key') continue;
        const k = keys.get(id);
        if (!k || canonical(e) !== canonical({ name: k.name, fingerprint: k.fingerprint }))
          throw entityError(
            name,
            id,
            'a trusted key cannot be set from a configuration document: add it on the Updates page',
            'value_error.config.read_only',
          );
      }
      for (const id of ['settings', 'schedule'])
        if (!entities[id]) throw entityError(name, id, `the update ${id} is required`, 'value_error.missing');
      const settings = checked<UpdateSettingsBody>(updateSettingsBody, name, 'settings', entities.settings);
      const repository = settings.repository?.trim() || null;
      const problem = repository ? repositoryError(repository) : null;
      if (problem)
        throw entityError(name, 'settings', problem, 'value_error.update.repository', ['repository']);
      const schedule = checked<UpdateSchedule>(updateSchedule, name, 'schedule', entities.schedule);
      const s = readSettings(db);
      writeUpdateSource(db, repository, settings.channel);
      // A changed schedule starts from now (as on the Updates page); one left as it is keeps its start.
      if (
        (s.schedule_enabled === 1) !== schedule.enabled ||
        s.schedule_day !== schedule.day ||
        s.schedule_time !== schedule.time
      )
        writeUpdateSchedule(db, schedule, now);
    },
  });
}
