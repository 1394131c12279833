/**
 * How many event streams the accounts hold open, per server: at most `STREAMS_PER_ACCOUNT` for one account and
 * `STREAMS_IN_ALL` for all of them, whatever the stream (the DNS query log, the logs, a job, an ACME order). Each
 * stream keeps a connection, a subscription and its buffer for as long as it is open, so one account opening them
 * without end would hold the server's memory and sockets. Past a limit the stream is refused with 429 and
 * `Retry-After`; a slot is free again as soon as its stream closes.
 *
 * A stream opened without an account (the public throughput stream of an anonymous visitor) is not counted here: it
 * keeps its own listener limit (network/live.ts).
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { HttpError } from './errors';

export const STREAMS_PER_ACCOUNT = 5;
export const STREAMS_IN_ALL = 50;
/** Seconds a refused client is told to wait: a slot frees when one of the open streams closes. */
export const STREAM_RETRY_AFTER_S = 10;

interface Held {
  all: number;
  byAccount: Map<number, number>;
}

/** Per HTTP server: tests start several in one process. */
const heldBy = new WeakMap<object, Held>();

/**
 * Takes a slot for the signed-in account's stream, released when the response closes (however it ends); throws the
 * 429 when the account or the server holds all it may.
 */
export function takeStreamSlot(req: FastifyRequest, reply: FastifyReply): void {
  const user = req.applianceUser;
  if (!user) return;
  const server = req.server.server;
  let held = heldBy.get(server);
  if (!held) heldBy.set(server, (held = { all: 0, byAccount: new Map() }));
  const mine = held.byAccount.get(user.id) ?? 0;
  const retry = { 'retry-after': String(STREAM_RETRY_AFTER_S) };
  if (mine >= STREAMS_PER_ACCOUNT)
    throw new HttpError(
      429,
      `This account already has ${STREAMS_PER_ACCOUNT} live views open (other tabs or windows): close one, or try again in ${STREAM_RETRY_AFTER_S} s`,
      retry,
    );
  if (held.all >= STREAMS_IN_ALL)
    throw new HttpError(
      429,
      `The console already serves ${STREAMS_IN_ALL} live views: try again in ${STREAM_RETRY_AFTER_S} s`,
      retry,
    );
  held.all += 1;
  held.byAccount.set(user.id, mine + 1);
  const h = held;
  reply.raw.once('close', () => {
    h.all -= 1;
    const left = (h.byAccount.get(user.id) ?? 1) - 1;
    if (left > 0) h.byAccount.set(user.id, left);
    else h.byAccount.delete(user.id);
  });
}
