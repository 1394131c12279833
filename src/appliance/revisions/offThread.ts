/**
 * The configuration document's and the backups' heavy work, off the event loop (src/service-kit/cpuPool.ts, script
 * yamlWorker.ts): reading large YAML and JSON bodies (yamlBody.ts, bodyPieces.ts) and copying databases for a
 * backup (backups/snapshot.ts). A task's errors come back as the HttpError they were, so a body refused on the worker
 * gets the same answer as one refused on the event loop.
 */
import path from 'node:path';
import { CpuPool, CpuPoolBusyError, CpuTaskError } from '../../service-kit/cpuPool';
import { HttpError, type ErrorDetail } from '../http/errors';

// In the server bundle __dirname is dist/server, where webpack writes config-worker.js; from the sources, the .ts file.
export const configPool = new CpuPool({
  built: path.join(__dirname, 'config-worker.js'),
  source: path.join(__dirname, 'yamlWorker.ts'),
});

/** Ends the workers (at server close; a later task starts new ones). */
export const closeConfigPool = () => configPool.close();

/** Runs a task on the pool: an HttpError thrown there is thrown here as it was; a full queue is a 503. */
export async function offThread<T>(task: string, args: unknown[], budgetMs: number): Promise<T> {
  try {
    return await configPool.run<T>(task, args, budgetMs);
  } catch (e) {
    if (e instanceof CpuTaskError && e.remoteName === 'HttpError') {
      const f = e.fields as { statusCode: number; detail: ErrorDetail; headers?: Record<string, string> };
      throw new HttpError(f.statusCode, f.detail, f.headers ?? {});
    }
    if (e instanceof CpuPoolBusyError)
      throw new HttpError(503, 'the server is busy with other large documents; try again in a moment', {
        'Retry-After': '5',
      });
    throw e;
  }
}
