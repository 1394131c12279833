/**
 * Self-service sign-up of the identity service (`{api}authentication/signup`, admins change it): open to anyone
 * (the default), limited to e-mail domains, or closed. The identity service must not import the appliance, so the
 * policy is a file in the data directory (`identity-registration.json`, beside `identity-providers.json`) that
 * the identity service reads at each sign-up; it is written whole and renamed into place, so a reader never sees
 * half of it. The file is the only copy: what it says is what the identity service enforces.
 */
import { listedTwice, repeatedEntries } from '../http/listedTwice';
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import {
  DEFAULT_SIGNUP_POLICY,
  normalizeDomainEntry,
  parseSignupPolicy,
  SIGNUP_POLICY_FILE,
  type SignupPolicy,
} from '../../shared/signupPolicy';
import { auditText } from '../audit';
import { currentUser } from '../auth/guards';
import type { ApplianceContext } from '../context';
import { HttpError, type ErrorItem } from '../http/errors';
import { area } from '../http/routeAccess';
import { getSignupPolicy, putSignupPolicy } from '../../shared/contracts/authentication';
import { contractRoute } from '../http/contractRoute';
import { writeFileAtomicSync } from '../../service-kit/atomicFile';

/** The policy in force: the default without a file, closed when the file is not a valid policy (as the service reads it). */
export function readSignupPolicy(dataDir: string): SignupPolicy {
  let text: string;
  try {
    text = fs.readFileSync(path.join(dataDir, SIGNUP_POLICY_FILE), 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return DEFAULT_SIGNUP_POLICY;
    return { mode: 'closed', allowed_domains: [] };
  }
  try {
    return parseSignupPolicy(JSON.parse(text)) ?? { mode: 'closed', allowed_domains: [] };
  } catch {
    return { mode: 'closed', allowed_domains: [] };
  }
}

/** The policy as it is stored (entries normalised), and what is wrong with it (located under `body`). */
export function checkSignupPolicy(body: SignupPolicy): { policy: SignupPolicy; errors: ErrorItem[] } {
  const { mode, allowed_domains: given } = body;
  const errs: ErrorItem[] = [];
  const domains: string[] = [];
  const repeated = repeatedEntries(given, normalizeDomainEntry);
  given.forEach((raw, i) => {
    const entry = normalizeDomainEntry(raw);
    const loc = ['body', 'allowed_domains', i];
    if (entry === null)
      errs.push({
        loc,
        msg: 'not a domain name (example.com, or *.example.com for its subdomains)',
        type: 'value_error.domain',
      });
    else if (repeated(i)) errs.push(listedTwice(loc));
    else domains.push(entry);
  });
  if (mode === 'domains' && given.length === 0)
    errs.push({
      loc: ['body', 'allowed_domains'],
      msg: 'name at least one domain, or choose another mode',
      type: 'value_error.domains_required',
    });
  return { policy: { mode, allowed_domains: domains }, errors: errs };
}

export function writeSignupPolicy(dataDir: string, policy: SignupPolicy): void {
  const file = path.join(dataDir, SIGNUP_POLICY_FILE);
  writeFileAtomicSync(file, `${JSON.stringify(policy, null, 2)}\n`, { mode: 0o644 });
}

const summary = (p: SignupPolicy) =>
  p.mode === 'open'
    ? 'open to anyone'
    : p.mode === 'closed'
      ? 'closed'
      : `limited to ${p.allowed_domains.map((d) => auditText(d)).join(', ')}`;

export function registerSignupPolicy(scope: FastifyInstance, ctx: ApplianceContext): void {
  const { dataDir } = ctx.config;

  contractRoute(scope, getSignupPolicy, { access: area('authentication') }, async () =>
    readSignupPolicy(dataDir),
  );

  contractRoute(scope, putSignupPolicy, { access: 'admin' }, async (req) => {
    const { policy, errors } = checkSignupPolicy(req.body);
    if (errors.length) throw new HttpError(422, errors);
    writeSignupPolicy(dataDir, policy);
    ctx.audit.record(
      'auth',
      `${auditText(currentUser(req).username)} set self-service sign-up: ${summary(policy)}`,
    );
    return policy;
  });
}
