/**
 * Every request the server makes to another machine (ACME, OpenID Connect, dynamic DNS, update repositories, and
 * webhooks to come) is bounded here, so a peer that accepts the connection and never answers, stalls after its
 * headers, or streams without end costs a bounded time and a bounded amount of memory:
 * - a connect timeout (TCP and TLS handshake) and a total timeout (connect, headers and the whole body);
 * - a cap on the answer's body, counted as it streams: the request is aborted as soon as it is exceeded;
 * - no redirects unless the caller asks for them, and credentials (Authorization, Cookie, user:password@) never
 *   follow a redirect to another origin; https never goes down to http;
 * - with an `addressRule`, each address actually connected to (a literal, or every address a name resolves to when
 *   the connection is made, at each hop) is checked first: a name that rebinds cannot reach what its literal could not.
 *
 * `outboundRequest` is the client for our own calls. Libraries that make their own requests (acme-client's axios,
 * openid-client) get `boundedAgent`: the same bounds put on each request the library sends through it.
 */
import dns from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import tls from 'node:tls';

export interface OutboundLimits {
  /** Until the connection, with its TLS handshake, is made (ms). */
  connectMs: number;
  /** The whole exchange: connecting, the answer's headers and all of its body (ms). */
  totalMs: number;
  /** The answer's body (bytes, before any decompression: none is asked for). */
  maxBytes: number;
}

const KiB = 1024;
const MiB = 1024 * KiB;

export const OUTBOUND_LIMITS: OutboundLimits = { connectMs: 10_000, totalMs: 30_000, maxBytes: 10 * MiB };

export const limitsOf = (limits: Partial<OutboundLimits> = {}): OutboundLimits => ({
  ...OUTBOUND_LIMITS,
  ...limits,
});

export type OutboundFailure = 'connect_timeout' | 'timeout' | 'too_large' | 'redirect' | 'address';

/**
 * A request its bounds stopped. `code` is ECONNABORTED, the code libraries (axios, acme-client) give an aborted
 * request and do not retry: a peer that hung once is not asked again and again.
 */
export class OutboundError extends Error {
  readonly code = 'ECONNABORTED';
  constructor(
    readonly kind: OutboundFailure,
    message: string,
    /** Body bytes received before the request was stopped. */
    readonly received = 0,
  ) {
    super(message);
    this.name = 'OutboundError';
  }
}

export const formatDuration = (ms: number) => (ms % 1000 === 0 ? `${ms / 1000} s` : `${ms} ms`);
export const formatSize = (bytes: number) =>
  bytes % MiB === 0 ? `${bytes / MiB} MiB` : bytes % KiB === 0 ? `${bytes / KiB} KiB` : `${bytes} bytes`;

/**
 * Puts the bounds on one request (ours or a library's). `what` names the peer in the errors ("the update
 * repository"). The body is counted where the HTTP parser pushes it, so whoever reads the answer, and however, the
 * count is exact and the reader's flow is untouched.
 */
export function bound(req: http.ClientRequest, limits: OutboundLimits, what: string): void {
  let res: http.IncomingMessage | null = null;
  let received = 0;
  const stop = (err: OutboundError) => {
    clear();
    if (res) {
      res.destroy(err);
      req.destroy();
    } else req.destroy(err);
  };
  const total = setTimeout(
    () =>
      stop(
        new OutboundError(
          'timeout',
          `${what} did not answer within ${formatDuration(limits.totalMs)}`,
          received,
        ),
      ),
    limits.totalMs,
  );
  let connect: NodeJS.Timeout | undefined = setTimeout(
    () =>
      stop(
        new OutboundError(
          'connect_timeout',
          `${what} could not be reached within ${formatDuration(limits.connectMs)}`,
        ),
      ),
    limits.connectMs,
  );
  const connected = () => {
    clearTimeout(connect);
    connect = undefined;
  };
  const clear = () => {
    clearTimeout(total);
    connected();
  };
  req.once('socket', (socket) => {
    if (!socket.connecting) connected();
    else socket.once(socket instanceof tls.TLSSocket ? 'secureConnect' : 'connect', connected);
  });
  req.once('response', (answer) => {
    res = answer;
    const declared = Number(answer.headers['content-length']);
    if (declared > limits.maxBytes) {
      stop(new OutboundError('too_large', `${what}: answer larger than ${formatSize(limits.maxBytes)}`));
      return;
    }
    const push = answer.push.bind(answer);
    answer.push = (chunk: unknown, encoding?: BufferEncoding) => {
      if (chunk !== null && chunk !== undefined) {
        received += (chunk as Buffer).length;
        if (received > limits.maxBytes) {
          stop(
            new OutboundError(
              'too_large',
              `${what}: answer larger than ${formatSize(limits.maxBytes)}`,
              received,
            ),
          );
          return false;
        }
      }
      return push(chunk, encoding);
    };
    answer.once('end', clear);
    answer.once('close', clear);
    // A reader that has let go of the answer must not crash the process when it is stopped.
    answer.once('error', clear);
  });
  req.once('error', clear);
  req.once('close', () => {
    if (!res) clear();
  });
}

/**
 * An agent for a library's requests: each request sent through it is bounded (`bound`). `options` are the agent's
 * own (a private CA's trust, for example).
 */
export function boundedAgent(
  protocol: 'http:' | 'https:',
  limits: Partial<OutboundLimits>,
  what: string,
  options: https.AgentOptions = {},
): http.Agent {
  const all = limitsOf(limits);
  const Base = protocol === 'https:' ? https.Agent : http.Agent;
  const agent = new Base({ keepAlive: false, ...options });
  // addRequest is where an agent receives each request (Node's own entry point, used by agent libraries).
  const withRequest = agent as unknown as { addRequest: (req: http.ClientRequest, o: unknown) => void };
  const addRequest = withRequest.addRequest.bind(agent);
  withRequest.addRequest = (req, o) => {
    bound(req, all, what);
    addRequest(req, o);
  };
  return agent;
}

export interface OutboundOptions {
  /** Names the peer in errors: "the update repository", "the dynamic DNS provider". */
  what: string;
  method?: string;
  headers?: Record<string, string>;
  body?: string | Buffer;
  limits?: Partial<OutboundLimits>;
  /** Redirects followed (default 0: a redirect is an error). Only where the protocol needs them. */
  redirects?: number;
  /** TLS options for https (a private CA). */
  tls?: https.AgentOptions;
  /** Stops the request early (the caller's own cancel or timeout). */
  signal?: AbortSignal;
  /** When no more redirects may be followed, answer the redirect itself instead of failing (fetch's `manual`). */
  answerRedirects?: boolean;
  /** Why an address may not be connected to for `protocol` (`http:`, `https:`), or null when it may. */
  addressRule?: (address: string, protocol: string) => string | null;
  /** Resolves names (default: the system's, `dns.lookup`); the address rule checks what it answers. */
  lookup?: net.LookupFunction;
}

export interface OutboundAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
  /** The address that answered (after any redirects). */
  url: string;
}

const CREDENTIAL_HEADERS = new Set(['authorization', 'cookie', 'proxy-authorization']);

/**
 * A lookup whose every answer must pass the rule: the connection is made only to an address checked here, at the
 * moment it is made (not at an earlier resolution a name's owner could change in between).
 */
function checkedLookup(
  lookup: net.LookupFunction,
  rule: NonNullable<OutboundOptions['addressRule']>,
  url: URL,
  what: string,
): net.LookupFunction {
  return (hostname, options, callback) =>
    lookup(hostname, options, (err, address, family) => {
      if (err) return callback(err, address, family);
      const answers = Array.isArray(address) ? address.map((a) => a.address) : [address];
      for (const a of answers) {
        const problem = rule(a, url.protocol);
        if (problem)
          return callback(
            new OutboundError('address', `${what}: ${hostname} resolves to ${a}, ${problem}`),
            address,
            family,
          );
      }
      callback(null, address, family);
    });
}

function once(url: URL, options: OutboundOptions, headers: Record<string, string>): Promise<OutboundAnswer> {
  const limits = limitsOf(options.limits);
  const transport = url.protocol === 'https:' ? https : http;
  const rule = options.addressRule;
  const literal = url.hostname.replace(/^\[|\]$/g, '');
  // A literal address is connected to without a lookup: checked here.
  const problem = rule && net.isIP(literal) ? rule(literal, url.protocol) : null;
  if (problem)
    return Promise.reject(new OutboundError('address', `${options.what}: ${literal} is ${problem}`));
  const lookup = rule
    ? checkedLookup(options.lookup ?? (dns.lookup as net.LookupFunction), rule, url, options.what)
    : options.lookup;
  return new Promise((resolve, reject) => {
    const req = transport.request(url, {
      method: options.method ?? 'GET',
      headers,
      agent: false,
      ...(lookup ? { lookup } : {}),
      ...(url.protocol === 'https:' ? options.tls : {}),
    });
    bound(req, limits, options.what);
    req.once('error', reject);
    const signal = options.signal;
    if (signal) {
      const abort = () => req.destroy(new Error(`the request to ${options.what} was cancelled`));
      if (signal.aborted) abort();
      else {
        signal.addEventListener('abort', abort, { once: true });
        req.once('close', () => signal.removeEventListener('abort', abort));
      }
    }
    req.once('response', (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.once('error', reject);
      res.once('end', () =>
        resolve({
          status: res.statusCode ?? 0,
          headers: res.headers,
          body: Buffer.concat(chunks),
          url: url.href,
        }),
      );
    });
    req.end(options.body);
  });
}

/** One bounded request; the body is read whole (within the cap). Network errors name the peer. */
export async function outboundRequest(address: string, options: OutboundOptions): Promise<OutboundAnswer> {
  let url = new URL(address);
  const headers: Record<string, string> = { 'accept-encoding': 'identity' };
  for (const [k, v] of Object.entries(options.headers ?? {})) headers[k.toLowerCase()] = v;
  // Credentials in the address become a header, so the redirect rule below covers them too.
  if (url.username || url.password) {
    const user = decodeURIComponent(url.username);
    const password = decodeURIComponent(url.password);
    headers.authorization ??= `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;
    url.username = '';
    url.password = '';
  }
  let method = options.method ?? 'GET';
  let body = options.body;
  const started = Date.now();
  const limits = limitsOf(options.limits);
  for (let hop = 0; ; hop += 1) {
    if (url.protocol !== 'http:' && url.protocol !== 'https:')
      throw new OutboundError('redirect', `${options.what}: only http and https addresses are asked`);
    // The total timeout covers the whole chain of redirects.
    const left = limits.totalMs - (Date.now() - started);
    let answer: OutboundAnswer;
    try {
      answer = await once(
        url,
        { ...options, method, body, limits: { ...limits, totalMs: Math.max(1, left) } },
        headers,
      );
    } catch (e) {
      if (e instanceof OutboundError) {
        if (e.kind === 'timeout')
          throw new OutboundError(
            'timeout',
            `${options.what} did not answer within ${formatDuration(limits.totalMs)}`,
            e.received,
          );
        throw e;
      }
      if (options.signal?.aborted) throw e;
      const err = e as NodeJS.ErrnoException;
      throw new Error(`${options.what} could not be reached (${err.code ?? err.message})`, { cause: e });
    }
    const location = answer.headers.location;
    if (answer.status < 300 || answer.status > 399 || answer.status === 304 || !location) return answer;
    const next = new URL(location, url);
    if (hop >= (options.redirects ?? 0) && options.answerRedirects) return answer;
    if (hop >= (options.redirects ?? 0))
      throw new OutboundError(
        'redirect',
        `${options.what} answered a redirect (${answer.status} to ${next.origin}), which is not followed`,
      );
    if (url.protocol === 'https:' && next.protocol !== 'https:')
      throw new OutboundError('redirect', `${options.what} redirected from https to ${next.protocol}`);
    if (next.origin !== url.origin)
      for (const h of Object.keys(headers)) if (CREDENTIAL_HEADERS.has(h)) delete headers[h];
    if (next.username || next.password)
      throw new OutboundError('redirect', `${options.what} redirected to an address with credentials`);
    if (answer.status === 303 || ((answer.status === 301 || answer.status === 302) && method === 'POST')) {
      method = 'GET';
      body = undefined;
      delete headers['content-type'];
      delete headers['content-length'];
    }
    url = next;
  }
}

/**
 * A `fetch` over `outboundRequest`, for code written against fetch (the server-side API and identity clients when
 * their service is on another origin): the same bounds, the body read whole within the cap. `redirect: 'follow'`
 * (fetch's default) follows at most 5, without credentials across origins; `manual` answers the redirect.
 */
export function outboundFetch(what: string, limits: Partial<OutboundLimits> = {}): typeof fetch {
  return (async (input: string | URL | Request, init: RequestInit = {}) => {
    const request = new Request(input, init);
    const headers: Record<string, string> = {};
    request.headers.forEach((v, k) => (headers[k] = v));
    const body = request.body ? Buffer.from(await request.arrayBuffer()) : undefined;
    const mode = init.redirect ?? request.redirect;
    const res = await outboundRequest(request.url, {
      what,
      method: request.method,
      headers,
      body,
      limits,
      signal: init.signal ?? undefined,
      redirects: mode === 'follow' ? 5 : 0,
      answerRedirects: mode === 'manual',
    });
    const out = new Headers();
    for (const [k, v] of Object.entries(res.headers))
      for (const item of Array.isArray(v) ? v : v === undefined ? [] : [v]) out.append(k, item);
    const empty = res.status === 204 || res.status === 205 || res.status === 304 || request.method === 'HEAD';
    return new Response(empty ? null : new Uint8Array(res.body), {
      status: res.status,
      statusText: http.STATUS_CODES[res.status] ?? '',
      headers: out,
    });
  }) as typeof fetch;
}
