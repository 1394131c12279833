/**
 * Jobs over HTTP: start (admin), read one, list (optionally only active), and follow one as server-sent events
 * (`progress` events with the §3 progress view, then `end`; see http/sse.ts). An account sees only the jobs of what
 * it may read (access.ts); another job is answered as missing.
 */
import type { FastifyInstance } from 'fastify';
import { currentUser } from '../auth/guards';
import type { ApplianceContext } from '../context';
import { notFound } from '../http/errors';
import { followSnapshots, lastEventId, startEventStream } from '../http/sse';
import { streamRoute } from '../http/streamRoute';
import { getJob, jobStream, listJobs, startJob } from '../../shared/contracts/apply';
import { contractRoute } from '../http/contractRoute';
import { jobConflict } from './exclusion';
import { JobConflictError, type JobProgress, type JobRunner } from './runner';
import { configPlan } from './steps';
import { area } from '../http/routeAccess';
import { mayReadJob, visibleJobs } from './access';

/** Open event streams, ended when the server closes (they would otherwise hold it open). */
export type StreamSet = Set<() => void>;

export async function registerJobRoutes(
  scope: FastifyInstance,
  ctx: ApplianceContext,
  runner: JobRunner,
): Promise<void> {
  // Only the configuration job starts here: an update runs only for a signed package (POST updates/apply).
  contractRoute(scope, startJob, { access: area('settings') }, async (req, reply) => {
    const user = currentUser(req);
    try {
      const job = runner.start('config', configPlan(ctx), user.username);
      return reply.code(202).send(job);
    } catch (e) {
      if (e instanceof JobConflictError) throw jobConflict(e, ['body', 'type']);
      throw e;
    }
  });

  contractRoute(scope, listJobs, { access: 'session' }, async (req) => ({
    data: visibleJobs(
      ctx,
      currentUser(req),
      runner.list(req.query.active === '1' || req.query.active === 'true'),
    ),
  }));

  contractRoute(scope, getJob, { access: 'session' }, async (req) => {
    const job = runner.get(req.params.id);
    if (!job || !mayReadJob(ctx, currentUser(req), job.id)) throw notFound('Job does not exist');
    return job;
  });
}

/**
 * Follows one job: its progress (each event the whole §3 view, id = digest of it), then `end` with the final status.
 * A reconnecting browser's `Last-Event-ID` skips the state it already has.
 */
export function registerJobStream(
  scope: FastifyInstance,
  ctx: ApplianceContext,
  runner: JobRunner,
  streams: StreamSet,
): void {
  streamRoute(
    scope,
    jobStream,
    { access: 'session' },
    async (req, reply) => {
      const first = runner.get(req.params.id);
      if (!first || !mayReadJob(ctx, currentUser(req), first.id)) throw notFound('Job does not exist');
      const stream = startEventStream(req, reply);
      const close = () => stream.close();
      streams.add(close);
      stream.onClose(() => streams.delete(close));
      followSnapshots<JobProgress>(
        stream,
        {
          event: 'progress',
          subscribe: (listener) => runner.subscribe(first.id, listener),
          // The current state first: a reattaching overlay needs it at once.
          current: () => runner.get(first.id) ?? first,
          isFinal: (p) => p.status !== 'running',
          endData: (p) => ({ id: p.id, status: p.status }),
        },
        lastEventId(req),
      );
    },
    { exposeHeadRoute: false },
  );
}
