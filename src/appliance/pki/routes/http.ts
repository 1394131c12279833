/** Turning PKI failures into the API's error shapes, and file downloads. */
import type { FastifyReply } from 'fastify';
import { HttpError } from '../../http/errors';
import { MaterialError } from '../x509';
import { PKI_MEDIA_TYPES } from '../../../shared/contracts/pki';

/** Runs a PKI action; problems with uploaded material become 422 items on their field. */
export async function pkiAction<T>(fn: () => Promise<T> | T): Promise<T> {
  try {
    return await fn();
  } catch (e) {
    if (e instanceof MaterialError)
      throw new HttpError(422, [
        { loc: ['body', e.field], msg: e.message, type: e.type, ...(e.ctx ? { ctx: e.ctx } : {}) },
      ]);
    throw e;
  }
}

/** A safe file name for Content-Disposition (ASCII letters, digits, dot, dash, underscore). */
export function fileName(base: string, ext: string): string {
  const clean =
    base
      .replace(/[^A-Za-z0-9._-]+/g, '_')
      .replace(/^[._]+/, '')
      .slice(0, 64) || 'download';
  return `${clean}.${ext}`;
}

/** The files' media types: the contract's (its downloads state them). */
export const MIME = PKI_MEDIA_TYPES;

export function download(reply: FastifyReply, body: Buffer | string, type: string, name: string) {
  return reply
    .header('Content-Disposition', `attachment; filename="${name}"`)
    .header('X-Content-Type-Options', 'nosniff')
    .type(type)
    .send(body);
}

export const truthy = (v: string | undefined) => v === '1' || v === 'true';
