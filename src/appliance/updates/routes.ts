/**
 * Updates over HTTP (under the API base):
 * - `GET updates` (user): the page's status (version, channel, last check, available updates, history, schedule).
 * - `POST updates/check` (admin): reads the repository now.
 * - `POST updates/packages` (admin): a package file as the raw body (≤ 10 MiB, 413 beyond); 201 or 422.
 * - `POST updates/apply {version}`, `POST updates/rollback` (admin): 202 with the job's progress; 409 while a job runs.
 * - `PUT updates/settings {repository, channel}`, `PUT updates/schedule {enabled, day, time}` (admin).
 * - `POST updates/trusted-keys {name, pem}` (admin, audited): installs an Ed25519 public key; 201 with the status.
 */
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { currentUser } from '../auth/guards';
import { HttpError } from '../http/errors';
import { PACKAGE_FILE_MAX_BYTES } from './package';
import { isHttpRepository } from './repository';
import { UpdateRefused, type Updates } from './service';
import {
  applyUpdateBody,
  rollbackBody,
  trustedKeyBody,
  updateSchedule,
  updateSettingsBody,
  type ApplyUpdateBody,
  type TrustedKeyBody,
  type UpdateSchedule,
  type UpdateSettingsBody,
} from '../../shared/contracts/system';
import { area } from '../http/routeAccess';

function refusal(e: unknown): never {
  if (e instanceof UpdateRefused)
    throw new HttpError(
      e.status,
      e.status === 404 ? e.message : [{ loc: e.loc, msg: e.message, type: e.type }],
    );
  throw e;
}

/** A repository is an absolute directory path or an http(s) URL; empty means the embedded default. */
export function repositoryError(value: string): string | null {
  if (isHttpRepository(value)) {
    try {
      const url = new URL(value);
      return url.username || url.password ? 'a repository URL may not carry credentials' : null;
    } catch {
      return 'not a valid URL';
    }
  }
  return path.isAbsolute(value) ? null : 'must be an absolute directory path or an http(s) URL';
}

export async function registerUpdateRoutes(scope: FastifyInstance, updates: Updates): Promise<void> {
  scope.get('/updates', { config: { access: area('updates') } }, async () => updates.status());

  scope.post('/updates/check', { config: { access: area('updates') } }, async (req) =>
    updates.check(currentUser(req).username),
  );

  scope.post<{ Body: ApplyUpdateBody }>(
    '/updates/apply',
    { config: { access: area('updates') }, schema: { body: applyUpdateBody } },
    async (req, reply) => {
      try {
        return reply.code(202).send(updates.apply(req.body.version, currentUser(req).username));
      } catch (e) {
        return refusal(e);
      }
    },
  );

  scope.post(
    '/updates/rollback',
    { config: { access: area('updates') }, schema: { body: rollbackBody } },
    async (req, reply) => {
      try {
        return reply.code(202).send(updates.rollback(currentUser(req).username));
      } catch (e) {
        return refusal(e);
      }
    },
  );

  scope.put<{ Body: UpdateSettingsBody }>(
    '/updates/settings',
    { config: { access: area('updates') }, schema: { body: updateSettingsBody } },
    async (req) => {
      const repository = req.body.repository?.trim() || null;
      const problem = repository ? repositoryError(repository) : null;
      if (problem)
        throw new HttpError(422, [
          { loc: ['body', 'repository'], msg: problem, type: 'value_error.update.repository' },
        ]);
      updates.saveSettings(repository, req.body.channel, currentUser(req).username);
      return updates.status();
    },
  );

  // The admin role only, not a group's updates privilege: a trusted key decides which packages may replace the
  // appliance's code.
  scope.post<{ Body: TrustedKeyBody }>(
    '/updates/trusted-keys',
    { config: { access: area('updates') }, schema: { body: trustedKeyBody } },
    async (req, reply) => {
      if (currentUser(req).role !== 'admin')
        return reply
          .code(403)
          .send({ detail: 'You do not have permission to do this: it needs the admin role' });
      try {
        updates.addTrustedKey(req.body.name, req.body.pem, currentUser(req).username);
      } catch (e) {
        return refusal(e);
      }
      return reply.code(201).send(updates.status());
    },
  );

  scope.put<{ Body: UpdateSchedule }>(
    '/updates/schedule',
    { config: { access: area('updates') }, schema: { body: updateSchedule } },
    async (req) => {
      updates.saveSchedule(req.body, currentUser(req).username);
      return updates.status();
    },
  );

  // Package files arrive as raw bytes; their own format decides what they are.
  await scope.register(async (files) => {
    files.addContentTypeParser(
      'application/octet-stream',
      { parseAs: 'buffer', bodyLimit: PACKAGE_FILE_MAX_BYTES },
      (_req, body, done) => done(null, body),
    );
    files.post<{ Body: unknown }>(
      '/updates/packages',
      { config: { access: area('updates') }, bodyLimit: PACKAGE_FILE_MAX_BYTES },
      async (req, reply) => {
        if (!Buffer.isBuffer(req.body) || req.body.length === 0)
          throw new HttpError(422, [
            { loc: ['body'], msg: 'send the package file as the request body', type: 'value_error.missing' },
          ]);
        try {
          const m = updates.receive(req.body, 'upload', currentUser(req).username);
          return reply
            .code(201)
            .send({ version: m.version, channel: m.channel, security: m.security, changelog: m.changelog });
        } catch (e) {
          return refusal(e);
        }
      },
    );
  });
}
