/**
 * Self-service flow records: created with the browser's anti-CSRF token and Kratos' lifespan, loaded by id and
 * kind, checked for expiry, and the per-round messages a submit writes.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { CsrfGuard } from './csrf';
import { errors } from './errors';
import type { FlowKind, FlowRecord, IdentityRepo } from './repo';
import type { UiText } from './text';

/** Kratos default: a flow lives 1 h. */
export const FLOW_LIFESPAN_MS = 60 * 60_000;

export type NewFlowInit = Partial<Pick<FlowRecord, 'state' | 'identityId' | 'returnTo' | 'data'>> & {
  csrfToken?: string;
};

export class FlowStore {
  constructor(
    private readonly repo: IdentityRepo,
    private readonly csrf: CsrfGuard,
    private readonly consoleOrigin: string,
    private readonly now: () => number,
  ) {}

  /** A new browser flow of `kind`, stored; now and then expired flows are pruned. */
  create(req: FastifyRequest, reply: FastifyReply, kind: FlowKind, init: NewFlowInit = {}): FlowRecord {
    const now = this.now();
    const flow: FlowRecord = {
      id: randomUUID(),
      kind,
      type: 'browser',
      state: init.state ?? (kind === 'settings' ? 'show_form' : 'choose_method'),
      identityId: init.identityId ?? null,
      csrfToken: init.csrfToken ?? this.csrf.token(req, reply),
      requestUrl: new URL(req.url, this.consoleOrigin).toString(),
      returnTo: init.returnTo ?? null,
      issuedAt: now,
      expiresAt: now + FLOW_LIFESPAN_MS,
      data: {
        messages: [],
        fieldMessages: {},
        values: {},
        ...(kind === 'login' || kind === 'settings'
          ? { webauthnChallenge: randomBytes(32).toString('base64url') }
          : {}),
        ...(init.data ?? {}),
      },
    };
    this.repo.insertFlow(flow);
    if (Math.random() < 0.05) this.repo.pruneFlows(now);
    return flow;
  }

  /** The flow `id` of `kind`; a 404 identity error for a malformed id, an unknown flow or another kind. */
  load(id: unknown, kind: FlowKind): FlowRecord {
    const flow = typeof id === 'string' && /^[0-9a-f-]{36}$/i.test(id) ? this.repo.getFlow(id) : null;
    if (!flow || flow.kind !== kind)
      throw errors.notFound(
        `The ${kind} flow ${typeof id === 'string' ? JSON.stringify(id.slice(0, 64)) : ''}`.trim(),
      );
    return flow;
  }

  isExpired(flow: FlowRecord): boolean {
    return flow.expiresAt <= this.now();
  }

  /** Clears last round's messages before a submit is processed. */
  resetMessages(flow: FlowRecord): void {
    flow.data.messages = [];
    flow.data.fieldMessages = {};
  }

  fieldError(flow: FlowRecord, name: string, message: UiText): void {
    (flow.data.fieldMessages[name] ??= []).push(message);
  }
}
