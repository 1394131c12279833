/**
 * Reads an embedded service answers in process for the console's own server renders. Every signed-in page asks the
 * appliance for the menu and for who is signed in; going through Fastify's request pipeline (`inject`) for those
 * cost more than the rest of the render's data handling. A service registers such a read next to its route, built
 * from the same functions and with the same session check, so both answer the same status and body for the same
 * request headers. Only exact paths (no query) and GET are answered here; anything else still goes through `inject`.
 */

/** The request as the renderer would send it: its headers (the visitor's cookies, authorization). */
export interface InProcessRequest {
  headers: Headers;
}

/** What the route would answer: a status and the JSON body (headers of the answer are not part of it). */
export interface InProcessAnswer {
  status: number;
  body: unknown;
}

export type InProcessRead = (req: InProcessRequest) => InProcessAnswer;

export class InProcessReads {
  private readonly reads = new Map<string, InProcessRead>();

  /** Registers the read of one absolute path (e.g. `/api/menu/`); a second registration of a path is a mistake. */
  add(path: string, read: InProcessRead): void {
    if (this.reads.has(path)) throw new Error(`in-process read ${path} is registered twice`);
    this.reads.set(path, read);
  }

  /** The read of a GET of exactly this path (with its query, if any), or undefined. */
  find(method: string, pathWithQuery: string): InProcessRead | undefined {
    return method === 'GET' ? this.reads.get(pathWithQuery) : undefined;
  }
}
