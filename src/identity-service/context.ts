/**
 * What every flow handler shares: storage, the clock, and the parts kept in their own modules — URLs (urls.ts), the
 * anti-CSRF cookie (csrf.ts), flow records (flowStore.ts) and sessions (sessions.ts) — plus the JSON-or-redirect
 * answer for errors.
 */
import type { FastifyBaseLogger, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../../config';
import type { Courier } from './courier';
import { CsrfGuard } from './csrf';
import type { IdentityError } from './errors';
import { FlowStore } from './flowStore';
import { isJsonRequest } from './negotiate';
import type { Provider } from './providers';
import type { IdentityLimits } from './rateLimit';
import type { IdentityRepo } from './repo';
import { SessionStore } from './sessions';
import type { FailureOutcome, SignInGate } from '../service-kit/loginThrottle';
import { lockLines, logSignIn, signInLine, type SignInFields } from '../service-kit/signInAudit';
import { SignupPolicyFile } from './signupPolicy';
import { ServiceUrls } from './urls';

export class ServiceContext {
  readonly urls: ServiceUrls;
  readonly csrf: CsrfGuard;
  readonly flows: FlowStore;
  readonly sessions: SessionStore;
  /** Who may sign up, as the appliance's settings last wrote it (signupPolicy.ts). */
  readonly signup: SignupPolicyFile;

  /** The third-party sign-in services offered now (the file is read again when it changes). */
  get providers(): Provider[] {
    return this.providersFile.current();
  }

  constructor(
    readonly config: Config,
    origin: string,
    readonly repo: IdentityRepo,
    readonly courier: Courier,
    readonly limiter: IdentityLimits,
    private readonly providersFile: { current(): Provider[] },
    readonly log: FastifyBaseLogger,
    /** Where sign-in lines go: the appliance's audit trail when mounted beside it (src/server/embedded.ts). */
    private readonly auditLine: (line: string) => void = () => {},
  ) {
    this.urls = new ServiceUrls(config, origin);
    this.csrf = new CsrfGuard(this.urls.publicBase, this.urls.secure);
    const now = () => this.now();
    this.signup = new SignupPolicyFile(config.dataDir, log);
    this.flows = new FlowStore(repo, this.csrf, this.urls.consoleOrigin, now);
    this.sessions = new SessionStore(repo, {
      secure: this.urls.secure,
      rpId: this.urls.rpId,
      now,
      lifetimes: config,
    });
  }

  now(): number {
    return Date.now();
  }

  /**
   * A sign-in (or a refusal) in the audit trail and the server log, in the form every entry point shares
   * (src/service-kit/signInAudit.ts): `login failed for "a@example.com" [service=identity method=password source=…]`.
   */
  signIn(
    req: FastifyRequest,
    outcome: 'succeeded' | 'failed' | 'refused',
    event: string,
    name: string | null,
    fields: SignInFields,
    reason?: string,
  ): void {
    const line = signInLine(event, name, fields, reason);
    this.auditLine(line);
    logSignIn(req.log, outcome === 'succeeded' ? 'info' : 'warn', line, fields, outcome);
  }

  /** The locks a password failure caused, in the audit trail and the server log. */
  signInLocks(
    req: FastifyRequest,
    name: string,
    fields: SignInFields,
    outcome: FailureOutcome,
    gate: Pick<SignInGate, 'policy' | 'nameLimit'> = this.limiter.passwordGate(),
  ): void {
    for (const line of lockLines(name, fields, outcome, gate.policy(), gate.nameLimit())) {
      this.auditLine(line);
      logSignIn(req.log, 'warn', line, fields, 'locked');
    }
  }

  isJson(req: FastifyRequest): boolean {
    return isJsonRequest(req.headers);
  }

  /** Error page for plain browsers: the error is stored and the browser sent to the error UI. */
  browserError(reply: FastifyReply, err: IdentityError): FastifyReply {
    const id = this.repo.insertError(err.toBody().error, this.now());
    return reply.redirect(this.urls.ui('error', { id }), 303);
  }
}
