/**
 * Look-and-feel settings (spec §7 GET {api}config/settings and the three images); the lockout policy is in
 * auth/lockoutPolicy.ts.
 * Reading colours and images is public (the login page shows them); changing them needs the admin role.
 */
import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { AuditService, auditText } from '../audit';
import { currentUser } from '../auth/guards';
import { inTransaction, type ApplianceContext } from '../context';
import { keptRead } from '../../storage/sqlite';
import { HttpError, notFound } from '../http/errors';
import type { InProcessReads } from '../../service-kit/inProcessReads';
import { IMAGE_SLOTS, sniffImage } from './images';
import { registerLayoutSection } from './section';
import { DEFAULT_UI_SETTINGS, writeUiSettings, type UiSettings } from './store';
import { area } from '../http/routeAccess';
import { contractRoute } from '../http/contractRoute';
import * as system from '../../shared/contracts/system';
import { LOGIN_TITLE_MAX, type PublicSettings } from '../../shared/contracts/system';

export { LOGIN_TITLE_MAX, DEFAULT_UI_SETTINGS, type UiSettings };

export function readUiSettings(
  ctx: ApplianceContext,
): UiSettings & { login_title: string | null; revision: number } {
  const row = ctx.db
    .prepare('SELECT primary_color, bar_color, login_title, revision FROM ui_settings WHERE id = 1')
    .get() as (UiSettings & { login_title: string | null; revision: number }) | undefined;
  return row ?? { ...DEFAULT_UI_SETTINGS, login_title: null, revision: 0 };
}

/** A title as stored: trimmed, and no title when empty. */
const loginTitleOf = (v: string | null | undefined): string | null => v?.trim() || null;

export async function registerSettingsRoutes(
  scope: FastifyInstance,
  ctx: ApplianceContext,
  inProcess?: InProcessReads,
): Promise<void> {
  const { db, audit } = ctx;
  registerLayoutSection(ctx);

  // Every page render reads it: kept while nothing changed (see keptRead), the very same answer each time.
  const publicSettings = keptRead(db, () => {
    const { primary_color, bar_color, login_title } = readUiSettings(ctx);
    // Which custom images exist, so pages only reference images that will load.
    const set = new Set(
      (db.prepare('SELECT slot FROM images').all() as Array<{ slot: string }>).map((r) => r.slot),
    );
    const images = Object.fromEntries(
      IMAGE_SLOTS.map((slot) => [slot, set.has(slot)]),
    ) as PublicSettings['images'];
    const answer: PublicSettings = { primary_color, bar_color, login_title, images };
    return answer;
  });
  contractRoute(scope, system.getUiSettings, { access: 'public' }, async () => publicSettings());
  // Every render reads the custom style: public, so the same answer whoever asks.
  inProcess?.add(`${ctx.apiPrefix}/config/settings`, () => ({ status: 200, body: publicSettings() }));

  contractRoute(scope, system.putUiSettings, { access: area('settings') }, async (req) => {
    const user = currentUser(req);
    const { primary_color, bar_color } = req.body;
    const titleGiven = req.body.login_title !== undefined;
    const login_title = titleGiven ? loginTitleOf(req.body.login_title) : readUiSettings(ctx).login_title;
    inTransaction(db, () =>
      writeUiSettings(db, { primary_color, bar_color, login_title }, ctx.now(), user.username),
    );
    audit.record(
      AuditService.settings,
      `look-and-feel colours changed by "${auditText(user.username)}": primary ${primary_color}, bar ${bar_color}` +
        (titleGiven
          ? `; login title ${login_title === null ? 'removed' : `"${auditText(login_title)}"`}`
          : ''),
    );
    return titleGiven ? { primary_color, bar_color, login_title } : { primary_color, bar_color };
  });

  // Reset to defaults: the default colours and no custom images, in one transaction.
  contractRoute(scope, system.resetUiSettings, { access: area('settings') }, async (req) => {
    const user = currentUser(req);
    inTransaction(db, () => {
      writeUiSettings(db, { ...DEFAULT_UI_SETTINGS, login_title: null }, ctx.now(), user.username);
      db.prepare('DELETE FROM images').run();
    });
    audit.record(AuditService.settings, `look and feel reset to defaults by "${auditText(user.username)}"`);
    return {
      ...DEFAULT_UI_SETTINGS,
      login_title: null,
      images: Object.fromEntries(IMAGE_SLOTS.map((slot) => [slot, false])) as PublicSettings['images'],
    };
  });

  // Images: any image/* or octet-stream body arrives as bytes (the contract's `upload`); the bytes decide what it is.
  contractRoute(scope, system.getImage, { access: 'public' }, async (req, reply) => {
    const row = db.prepare('SELECT mime, bytes, sha256 FROM images WHERE slot = ?').get(req.params.slot) as
      { mime: string; bytes: Buffer; sha256: string } | undefined;
    if (!row) throw notFound('No image is set');
    const etag = `"${row.sha256}"`;
    reply.header('Cache-Control', 'no-cache').header('ETag', etag).header('Content-Disposition', 'inline');
    // An image is never a document: nothing in it may run even if opened directly.
    reply.header('Content-Security-Policy', "default-src 'none'; sandbox");
    if (req.headers['if-none-match'] === etag) return reply.code(304).send();
    return reply.type(row.mime).send(row.bytes);
  });

  contractRoute(scope, system.putImage, { access: area('settings') }, async (req) => {
    const user = currentUser(req);
    const body = req.body;
    if (!Buffer.isBuffer(body) || body.length === 0) {
      throw new HttpError(422, [
        {
          loc: ['body'],
          msg: 'send the image bytes (PNG, JPEG, GIF or WebP) as the request body',
          type: 'value_error.missing',
        },
      ]);
    }
    const mime = sniffImage(body);
    if (!mime)
      throw new HttpError(422, [
        {
          loc: ['body'],
          msg: 'the file is not a PNG, JPEG, GIF or WebP image',
          type: 'value_error.image',
        },
      ]);
    const sha256 = crypto.createHash('sha256').update(body).digest('hex');
    inTransaction(db, () => {
      db.prepare(
        `INSERT INTO images (slot, mime, bytes, sha256, updated_at) VALUES (?, ?, ?, ?, ?)
         ON CONFLICT(slot) DO UPDATE SET mime = excluded.mime, bytes = excluded.bytes, sha256 = excluded.sha256, updated_at = excluded.updated_at`,
      ).run(req.params.slot, mime, body, sha256, ctx.now());
    });
    audit.record(
      AuditService.settings,
      `${req.params.slot} image changed by "${auditText(user.username)}" (${mime}, ${body.length} bytes)`,
    );
    return { slot: req.params.slot, mime, size: body.length };
  });

  contractRoute(scope, system.deleteImage, { access: area('settings') }, async (req, reply) => {
    const user = currentUser(req);
    const changes = inTransaction(
      db,
      () => db.prepare('DELETE FROM images WHERE slot = ?').run(req.params.slot).changes,
    );
    if (!changes) throw notFound('No image is set');
    audit.record(AuditService.settings, `${req.params.slot} image removed by "${auditText(user.username)}"`);
    return reply.code(204).send();
  });
}
