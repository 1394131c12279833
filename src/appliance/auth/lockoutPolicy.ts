/**
 * The lockout policy (`GET/PUT {api}config/lockout`, authentication area): the (account, address) rule, the
 * per-account and per-source rules and the allow-listed networks (auth/lockout.ts).
 *
 * Saving applies at once. A STRICTER policy is applied through safe apply (apply/manager.ts): it is in force at once,
 * a confirmation window opens (the console's "Keep changes" banner), and unless an admin keeps it in time the
 * appliance restores the previous policy, even after a restart. A stricter policy could lock out the admins
 * themselves (a typo of 1 attempt, an allow-listed management network removed). A looser one cannot, and applies
 * directly. "Stricter" means any of: fewer attempts or a longer window or lock of the (account, address) rule; fewer
 * attempts or a longer window of the per-account rule; a per-source rule turned on or made stricter the same way; a
 * network taken off the allow-list. A change mixing stricter and looser parts counts as stricter.
 */
import { listedTwice, repeatedEntries } from '../http/listedTwice';
import type { FastifyInstance } from 'fastify';
import { subnetProblem } from '../../lib/validation/subnet';
import { AuditService, auditText } from '../audit';
import type { ApplyManager, Confirmation, ManagedService } from '../apply/manager';
import { inTransaction, type ApplianceContext } from '../context';
import { HttpError, type ErrorItem } from '../http/errors';
import { currentUser } from './guards';
import { readFullPolicy, writeFullPolicy, type FullLockoutPolicy } from './lockout';
import {
  ALLOW_LIST_MAX,
  getLockoutPolicy,
  lockoutPolicy,
  putLockoutPolicy,
} from '../../shared/contracts/authentication';
import { registerSection } from '../revisions/sections';
import { checked, entityError, knownIds, plainObject } from '../revisions/sectionKit';
import { contractRoute } from '../http/contractRoute';
import { area } from '../http/routeAccess';

/** The managed-service name of the policy (its confirmations and audit lines are the auth service's). */
export const LOCKOUT_SERVICE = AuditService.auth;
export { ALLOW_LIST_MAX };

/** What makes `next` stricter than `previous` (empty: not stricter). */
export function stricterChanges(previous: FullLockoutPolicy, next: FullLockoutPolicy): string[] {
  const out: string[] = [];
  if (next.attempts < previous.attempts) out.push('attempts');
  if (next.window_seconds > previous.window_seconds) out.push('window');
  if (next.duration_seconds > previous.duration_seconds) out.push('lock duration');
  if (
    next.account.attempts < previous.account.attempts ||
    next.account.window_seconds > previous.account.window_seconds
  )
    out.push('per-account rule');
  if (
    next.source &&
    (!previous.source ||
      next.source.attempts < previous.source.attempts ||
      next.source.window_seconds > previous.source.window_seconds)
  )
    out.push('per-source rule');
  if (previous.allow_list.some((s) => !next.allow_list.includes(s))) out.push('allow-listed networks');
  return out;
}

/**
 * What of the policy can lock an admin out, marked in a configuration plan: all of it (safe apply tells which parts
 * of a change are stricter, `stricterChanges`).
 */
export const LOCKOUT_POLICY_LOCKOUT_FIELDS = ['*'];

/** The policy's configuration-document section, written as the page's save writes it (`writeFullPolicy`). */
function registerLockoutSection(ctx: ApplianceContext): void {
  registerSection(ctx, {
    name: 'authentication.lockout',
    area: 'authentication',
    label: 'Lockout policy',
    paths: ['/config/lockout'],
    read: (db) => ({ policy: plainObject(readFullPolicy(db)) }),
    title: () => 'Lockout policy',
    fields: {
      window_seconds: { label: 'window', unit: 's' },
      duration_seconds: { label: 'lock duration', unit: 's' },
      'account.window_seconds': { label: 'per-account window', unit: 's' },
      'account.attempts': { label: 'per-account attempts' },
      allow_list: { label: 'allow-listed networks' },
    },
    lockoutProne: () => LOCKOUT_POLICY_LOCKOUT_FIELDS,
    service: LOCKOUT_SERVICE,
    write: (db, entities) => {
      const name = 'authentication.lockout';
      knownIds(name, entities, [], ['policy']);
      if (!entities.policy)
        throw entityError(name, 'policy', 'the lockout policy is required', 'value_error.missing');
      writeFullPolicy(db, checked<FullLockoutPolicy>(lockoutPolicy, name, 'policy', entities.policy));
    },
  });
}

export function registerLockoutPolicy(
  scope: FastifyInstance,
  ctx: ApplianceContext,
  manager: ApplyManager,
): void {
  const { db, audit } = ctx;
  registerLockoutSection(ctx);
  const service: ManagedService<FullLockoutPolicy> = {
    name: LOCKOUT_SERVICE,
    label: 'lockout policy',
    snapshot: () => readFullPolicy(db),
    restore: (policy) => writeFullPolicy(db, policy),
    render: () => [],
    check: async () => ({ status: 'ok', output: '' }),
    lockoutChanges: stricterChanges,
  };
  manager.register(service);
  // A change still waiting for its confirmation when the server stopped is kept waiting, or rolled back.
  manager.recover();

  contractRoute(scope, getLockoutPolicy, { access: area('authentication') }, async () => readFullPolicy(db));

  contractRoute(scope, putLockoutPolicy, { access: area('authentication'), reauth: true }, async (req) => {
    const user = currentUser(req);
    const current = readFullPolicy(db);
    const allowList = (req.body.allow_list ?? current.allow_list).map((s) => s.trim());
    const errors: ErrorItem[] = [];
    const repeated = repeatedEntries(allowList);
    allowList.forEach((subnet, i) => {
      const problem = subnetProblem(subnet);
      if (problem) errors.push({ loc: ['body', 'allow_list', i], msg: problem, type: 'value_error.subnet' });
      else if (repeated(i))
        errors.push(listedTwice(['body', 'allow_list', i], 'this network is listed already'));
    });
    if (errors.length) throw new HttpError(422, errors);
    if (manager.awaitingConfirmation(LOCKOUT_SERVICE))
      throw new HttpError(409, [
        {
          loc: ['body'],
          msg: 'the last lockout policy change awaits confirmation; keep it or wait for the rollback',
          type: 'value_error.confirmation_pending',
        },
      ]);
    const next: FullLockoutPolicy = {
      attempts: req.body.attempts,
      window_seconds: req.body.window_seconds,
      duration_seconds: req.body.duration_seconds,
      account: req.body.account ?? current.account,
      source: req.body.source === undefined ? current.source : req.body.source,
      allow_list: allowList,
    };
    inTransaction(db, () => writeFullPolicy(db, next));
    const confirmation: Confirmation | null = manager.activateNow(LOCKOUT_SERVICE, user.username);
    audit.record(
      AuditService.settings,
      `lockout policy changed by "${auditText(user.username)}": ${next.attempts} attempts in ${next.window_seconds} s lock for ${next.duration_seconds} s; per account ${next.account.attempts} in ${next.account.window_seconds} s; per source ${next.source ? `${next.source.attempts} in ${next.source.window_seconds} s` : 'off'}; ${next.allow_list.length} allow-listed network${next.allow_list.length === 1 ? '' : 's'}${confirmation ? ' (stricter: awaiting confirmation)' : ''}`,
    );
    return { ...readFullPolicy(db), confirmation };
  });
}
