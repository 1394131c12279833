/**
 * The layout's configuration section: the colours and login title, written as the Layout page saves them
 * (store.ts), and the images by their digest only (their bytes are not in a document, which never changes one).
 */
import type { ApplianceContext } from '../context';
import { canonical } from '../revisions/diff';
import { registerSection, type Entity } from '../revisions/sections';
import { checked, entityError, keyed, kindOf, knownIds, plainObject } from '../revisions/sectionKit';
import { uiSettingsBody, type UiSettingsBody } from '../../shared/contracts/system';
import { clearUiSettings, writeUiSettings } from './store';

export function registerLayoutSection(ctx: ApplianceContext): void {
  registerSection(ctx, {
    name: 'settings.layout',
    area: 'settings',
    label: 'Layout',
    paths: ['/config/settings', '/config/'],
    read: (db) => {
      const ui = db
        .prepare('SELECT primary_color, bar_color, login_title FROM ui_settings WHERE id = 1')
        .get() as Entity | undefined;
      const images = db.prepare('SELECT slot, mime, sha256 FROM images ORDER BY slot').all() as Array<{
        slot: string;
        mime: string;
        sha256: string;
      }>;
      return {
        ...(ui ? { colours: plainObject(ui) } : {}),
        ...keyed(
          images,
          (i) => `image:${i.slot}`,
          (i) => ({ slot: i.slot, type: i.mime, sha256: i.sha256.slice(0, 16) }),
        ),
      };
    },
    title: (id) => (id === 'colours' ? 'Layout' : `Image ${id.slice('image:'.length).replace(/_/g, ' ')}`),
    fields: { primary_color: { label: 'primary colour' }, bar_color: { label: 'bar colour' } },
    // The images' bytes are not in a document: one left out stays as it is, and a document never changes one.
    kept: (id) => kindOf(id) === 'image',
    write: (db, entities, now) => {
      const name = 'settings.layout';
      knownIds(name, entities, ['image'], ['colours']);
      const current = db.prepare('SELECT slot, mime, sha256 FROM images').all() as Array<{
        slot: string;
        mime: string;
        sha256: string;
      }>;
      for (const [id, e] of Object.entries(entities)) {
        if (kindOf(id) !== 'image') continue;
        const stored = current.find((i) => `image:${i.slot}` === id);
        if (
          !stored ||
          canonical(e) !==
            canonical({ slot: stored.slot, type: stored.mime, sha256: stored.sha256.slice(0, 16) })
        )
          throw entityError(
            name,
            id,
            'an image cannot be set from a configuration document: upload it on the Layout page',
            'value_error.config.read_only',
          );
      }
      // Left out, the colours and title are the defaults (as before anyone changed them).
      if (!entities.colours) {
        clearUiSettings(db);
        return;
      }
      const c = checked<UiSettingsBody>(uiSettingsBody, name, 'colours', entities.colours);
      writeUiSettings(
        db,
        {
          primary_color: c.primary_color,
          bar_color: c.bar_color,
          login_title: c.login_title?.trim() || null,
        },
        now,
        null,
      );
    },
  });
}
