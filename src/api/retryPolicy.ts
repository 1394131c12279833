/** Retry policy of the generic client (spec §7): the one place it is defined. */
export const RETRY_STATUSES: ReadonlySet<number> = new Set([408, 409, 425, 429, 500, 502, 503, 504]);

/** Body-less methods may be retried once; methods with a body (PATCH, POST, PUT, DELETE) never. */
export function retriesFor(method: string): number {
  switch (method.toUpperCase()) {
    case 'GET':
    case 'HEAD':
    case 'OPTIONS':
      return 1;
    default:
      return 0;
  }
}

/** Whether an attempt that ended this way is worth another try. */
export function shouldRetry(outcome: {
  status?: number;
  kind?: 'network' | 'timeout' | 'canceled';
}): boolean {
  if (outcome.kind === 'canceled') return false;
  if (outcome.kind === 'network' || outcome.kind === 'timeout') return true;
  return outcome.status !== undefined && RETRY_STATUSES.has(outcome.status);
}
