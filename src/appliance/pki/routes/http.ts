/** Turning PKI failures into the API's error shapes, and file downloads. */
import type { FastifyReply } from 'fastify';
import { HttpError } from '../../http/errors';
import { MaterialError } from '../x509';

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

export const MIME = {
  pem: 'application/x-pem-file',
  der: 'application/pkix-cert',
  crl: 'application/pkix-crl',
  p12: 'application/x-pkcs12',
} as const;

export function download(reply: FastifyReply, body: Buffer | string, type: string, name: string) {
  return reply
    .header('Content-Disposition', `attachment; filename="${name}"`)
    .header('X-Content-Type-Options', 'nosniff')
    .type(type)
    .send(body);
}

export const truthy = (v: string | undefined) => v === '1' || v === 'true';
