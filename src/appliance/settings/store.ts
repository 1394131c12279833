/**
 * The look-and-feel row (colours and login title), written by the Layout page, by the configuration document's
 * writer (section.ts) and by the first start's seed: one write path. The images are written by their routes.
 */
import type { Db } from '../../storage/sqlite';

export interface UiSettings {
  primary_color: string;
  bar_color: string;
}

export const DEFAULT_UI_SETTINGS: UiSettings = { primary_color: '#76b100', bar_color: '#1f2a33' };

/** Saves the colours and title (`null`: none), counting the revision up; `by` is who (none for a document). */
export function writeUiSettings(
  db: Db,
  s: UiSettings & { login_title: string | null },
  now: number,
  by: string | null,
): void {
  db.prepare(
    `INSERT INTO ui_settings (id, primary_color, bar_color, login_title, revision, updated_at, updated_by)
     VALUES (1, @primary_color, @bar_color, @login_title, 1, @now, @by)
     ON CONFLICT(id) DO UPDATE SET primary_color = excluded.primary_color, bar_color = excluded.bar_color,
       login_title = excluded.login_title, revision = ui_settings.revision + 1, updated_at = excluded.updated_at,
       updated_by = excluded.updated_by`,
  ).run({ primary_color: s.primary_color, bar_color: s.bar_color, login_title: s.login_title, now, by });
}

/** The defaults, once, on a new appliance. */
export function seedUiSettings(db: Db, now: number): void {
  db.prepare(
    'INSERT OR IGNORE INTO ui_settings (id, primary_color, bar_color, revision, updated_at) VALUES (1, ?, ?, 1, ?)',
  ).run(DEFAULT_UI_SETTINGS.primary_color, DEFAULT_UI_SETTINGS.bar_color, now);
}

/** No row: the defaults, as before anyone changed them. */
export function clearUiSettings(db: Db): void {
  db.prepare('DELETE FROM ui_settings WHERE id = 1').run();
}
