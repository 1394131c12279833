/** The `code` method of recovery and verification: 6-digit codes by e-mail, hashed, single use, limited attempts. */
import { randomInt } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ServiceContext } from '../context';
import { EMAIL_MAX_LENGTH, EMAIL_PATTERN } from '../password';
import { MAX_CODE_ATTEMPTS, takeAll } from '../rateLimit';
import { sha256, type FlowRecord } from '../repo';
import { MSG, uiText } from '../text';
import { limitReached } from './common';

type CodeKind = 'recovery' | 'verification';

/** Kratos default: a mailed code is valid for 15 min. */
const CODE_LIFESPAN_MS = 15 * 60_000;

const codeHash = (flowId: string, code: string) => sha256(`${flowId}:${code}`);

/** Validates the address field of a send; false (with a field message) when it is unusable. */
export function validEmail(ctx: ServiceContext, flow: FlowRecord, email: string): boolean {
  if (!email) ctx.flows.fieldError(flow, 'email', uiText(MSG.required, { property: 'email' }));
  else if (email.length > EMAIL_MAX_LENGTH || !EMAIL_PATTERN.test(email)) {
    ctx.flows.fieldError(
      flow,
      'email',
      uiText(MSG.validationGeneric, {
        reason: `${JSON.stringify(email.slice(0, 100))} is not valid "email"`,
      }),
    );
  } else return true;
  return false;
}

/**
 * Sends a code for the flow to `email` when an account owns that address; the flow moves to `sent_email` either way,
 * so the answer does not reveal whether the address exists. False when a rate limit stopped the send (the caller
 * answers 429). `countIp` false: the caller already counted this request against the client address.
 */
export async function sendCode(
  ctx: ServiceContext,
  req: FastifyRequest,
  reply: FastifyReply,
  flow: FlowRecord,
  kind: CodeKind,
  email: string,
  enforceLimits = true,
  countIp = true,
): Promise<boolean> {
  const address = email.toLowerCase();
  const { sendCooldown, sendsPerAddress, sendsPerIp } = ctx.limiter;
  const checks = [
    [sendCooldown, `${kind}:${address}`],
    [sendsPerAddress, `${kind}:${address}`],
    ...(countIp ? [[sendsPerIp, req.ip] as const] : []),
  ] as const;
  const wait = await takeAll(checks, enforceLimits);
  if (wait > 0) {
    limitReached(ctx, reply, flow, wait, 'code requests');
    return false;
  }

  const now = ctx.now();
  const owner =
    kind === 'recovery'
      ? ctx.repo.findRecoveryAddress(address)?.identityId
      : ctx.repo.findVerifiableAddress(address)?.identityId;
  if (owner) {
    const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
    ctx.repo.insertCode(flow.id, kind, address, owner, codeHash(flow.id, code), now + CODE_LIFESPAN_MS, now);
    const minutes = Math.round(CODE_LIFESPAN_MS / 60000);
    if (kind === 'recovery') {
      ctx.courier.send({
        to: email,
        subject: 'Recover access to your account',
        templateType: 'recovery_code_valid',
        code,
        body: `Hi,\n\nplease recover access to your account by entering the following code:\n\n${code}\n\nThe code is valid for ${minutes} minutes.\nIf you did not ask for this, you can ignore this message.\n`,
      });
    } else {
      const link = ctx.urls.url('/self-service/verification', { flow: flow.id, code });
      ctx.courier.send({
        to: email,
        subject: 'Please verify your email address',
        templateType: 'verification_code_valid',
        code,
        body: `Hi,\n\nplease verify your account by entering the following code:\n\n${code}\n\nor clicking the following link:\n\n${link}\n\nThe code is valid for ${minutes} minutes.\n`,
      });
      ctx.repo.markAddressSent(address, now);
    }
  } else {
    // A code sent earlier in this flow (to another address) must not stay usable.
    ctx.repo.retireCodes(flow.id, now);
    req.log.info(
      { flowId: flow.id, kind },
      'identity: code requested for an address without account; nothing sent',
    );
  }
  flow.state = 'sent_email';
  flow.data.email = email;
  flow.data.codeAttempts = 0;
  flow.data.values = {};
  flow.data.messages = [uiText(kind === 'recovery' ? MSG.recoveryCodeSent : MSG.verificationCodeSent)];
  return true;
}

/** Uses the code if it is the flow's live code; counts wrong attempts and retires the code after too many. */
export function redeemCode(
  ctx: ServiceContext,
  flow: FlowRecord,
  code: string,
): { address: string; identityId: string | null } | null {
  const attempts = flow.data.codeAttempts ?? 0;
  const now = ctx.now();
  if (attempts >= MAX_CODE_ATTEMPTS || !/^\d{6}$/.test(code)) {
    flow.data.codeAttempts = attempts + 1;
    if (flow.data.codeAttempts >= MAX_CODE_ATTEMPTS) ctx.repo.retireCodes(flow.id, now);
    return null;
  }
  const used = ctx.repo.consumeCode(flow.id, codeHash(flow.id, code), now);
  if (!used) {
    flow.data.codeAttempts = attempts + 1;
    if (flow.data.codeAttempts >= MAX_CODE_ATTEMPTS) ctx.repo.retireCodes(flow.id, now);
  }
  return used;
}
