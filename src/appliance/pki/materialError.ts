/** A problem with uploaded material, reported as a 422 on the field it came from (`ctx` details it, if given). */
export class MaterialError extends Error {
  constructor(
    readonly field: string,
    message: string,
    readonly type = 'value_error.pki',
    readonly ctx?: Record<string, unknown>,
  ) {
    super(message);
    // Kept by name when it crosses from a worker thread (src/service-kit/cpuPool.ts).
    this.name = 'MaterialError';
  }
}
