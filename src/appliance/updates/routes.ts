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
import { isHttpRepository } from './repository';
import { UpdateRefused, type Updates } from './service';
import * as system from '../../shared/contracts/system';
import { contractRoute } from '../http/contractRoute';
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
  const access = { access: area('updates') };
  contractRoute(scope, system.getUpdates, access, async () => updates.status());

  contractRoute(scope, system.checkUpdates, access, async (req) => updates.check(currentUser(req).username));

  contractRoute(scope, system.applyUpdate, access, async (req, reply) => {
    try {
      return reply.code(202).send(updates.apply(req.body.version, currentUser(req).username));
    } catch (e) {
      return refusal(e);
    }
  });

  contractRoute(scope, system.rollbackUpdate, access, async (req, reply) => {
    try {
      return reply.code(202).send(updates.rollback(currentUser(req).username));
    } catch (e) {
      return refusal(e);
    }
  });

  contractRoute(scope, system.putUpdateSettings, access, async (req) => {
    const repository = req.body.repository?.trim() || null;
    const problem = repository ? repositoryError(repository) : null;
    if (problem)
      throw new HttpError(422, [
        { loc: ['body', 'repository'], msg: problem, type: 'value_error.update.repository' },
      ]);
    updates.saveSettings(repository, req.body.channel, currentUser(req).username);
    return updates.status();
  });

  // The admin role only, not a group's updates privilege: a trusted key decides which packages may replace the
  // appliance's code.
  contractRoute(scope, system.addTrustedKey, access, async (req, reply) => {
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
  });

  contractRoute(scope, system.putUpdateSchedule, access, async (req) => {
    updates.saveSchedule(req.body, currentUser(req).username);
    return updates.status();
  });

  // Package files arrive as raw bytes (the contract's `upload`); their own format decides what they are.
  contractRoute(scope, system.uploadUpdatePackage, access, async (req, reply) => {
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
  });
}
