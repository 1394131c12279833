/**
 * Outbound request bounds: every caller that asks another machine (the helper itself, the update repository, dynamic
 * DNS, ACME, OpenID Connect in both services, LDAP) against real misbehaving servers on 127.0.0.1. Each ends in
 * bounded time with a clear error; a flood is stopped at the cap (bytes read ≤ cap + one chunk); a redirect to
 * another origin is not followed and never carries credentials there; a discovery document cannot send the client
 * secret to another origin. Short bounds are given through each caller's options. A new case is one row.
 */
import http from 'node:http';
import net from 'node:net';
import * as acme from 'acme-client';
import type { ApplianceContext } from '../../src/appliance/context';
import type { FastifyInstance } from 'fastify';
import {
  outboundFetch,
  outboundRequest,
  OutboundError,
  type OutboundLimits,
} from '../../src/service-kit/outbound';
import { createInjectFetch } from '../../src/server/injectFetch';
import { discoverIssuer } from '../../src/service-kit/oidcIssuer';
import { listRepository } from '../../src/appliance/updates/repository';
import { DdnsUpdater } from '../../src/appliance/dns/updater';
import { acmeClient, DEFAULT_TIMING } from '../../src/appliance/pki/acme/client';
import { checkOidc } from '../../src/appliance/providers/oidc';
import { checkLdap } from '../../src/appliance/providers/ldap';
import type { LdapSettings, OidcSettings } from '../../src/shared/authentication';

const CHUNK = 64 * 1024;
const LIMITS: OutboundLimits = { connectMs: 300, totalMs: 800, maxBytes: 256 * 1024 };
/** Every case ends well within this (the bounds above, plus a loaded machine's slack). */
const BOUNDED_MS = 5_000;
const FLOOD_BYTES = 300 * 1024 * 1024;

interface Peer {
  base: string;
  /** Body bytes the peer managed to hand to its socket. */
  written: () => number;
  /** Authorization or Cookie headers the peer received. */
  credentials: string[];
  /** Requests the peer received. */
  requests: () => number;
  close: () => Promise<void>;
}

const listen = (server: net.Server) =>
  new Promise<number>((r) =>
    server.listen(0, '127.0.0.1', () => r((server.address() as net.AddressInfo).port)),
  );

/** A raw TCP server that accepts and never says anything (not even a TLS handshake). */
async function silentPeer(): Promise<Peer> {
  const sockets = new Set<net.Socket>();
  const server = net.createServer((s) => {
    sockets.add(s);
    s.on('error', () => undefined);
  });
  const port = await listen(server);
  return {
    base: `http://127.0.0.1:${port}`,
    written: () => 0,
    credentials: [],
    requests: () => sockets.size,
    close: () => {
      sockets.forEach((s) => s.destroy());
      return new Promise((r) => server.close(() => r()));
    },
  };
}

type Behaviour = 'stall' | 'flood' | 'declared' | 'redirect';

/** An HTTP server that misbehaves the same way on every path. */
async function httpPeer(behaviour: Behaviour, elsewhere = ''): Promise<Peer> {
  let written = 0;
  let requests = 0;
  const credentials: string[] = [];
  const sockets = new Set<net.Socket>();
  const server = http.createServer((req, res) => {
    requests += 1;
    for (const h of ['authorization', 'cookie']) if (req.headers[h]) credentials.push(String(req.headers[h]));
    if (behaviour === 'stall') {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.flushHeaders(); // headers, then nothing
      return;
    }
    if (behaviour === 'redirect') {
      res.writeHead(302, { location: `${elsewhere}${req.url ?? '/'}` }).end();
      return;
    }
    if (behaviour === 'declared') {
      res.writeHead(200, { 'content-length': String(FLOOD_BYTES) });
      res.write(Buffer.alloc(CHUNK, 0x20));
      return;
    }
    // flood: 300 MiB, chunked (no Content-Length), one chunk at a time, a little slowly
    res.writeHead(200, { 'content-type': 'application/json' });
    const chunk = Buffer.alloc(CHUNK, 0x20);
    const next = () => {
      if (res.destroyed || written >= FLOOD_BYTES) return void res.end();
      written += CHUNK;
      res.write(chunk, () => setTimeout(next, 2));
    };
    next();
  });
  server.on('connection', (s) => sockets.add(s));
  const port = await listen(server);
  return {
    base: `http://127.0.0.1:${port}`,
    written: () => written,
    credentials,
    requests: () => requests,
    close: () => {
      sockets.forEach((s) => s.destroy());
      return new Promise((r) => server.close(() => r()));
    },
  };
}

/** A caller: asks `base` with `limits`, and resolves to its error (or to what it reported as failed). */
type Caller = (base: string, limits: OutboundLimits) => Promise<unknown>;

const failure = async (run: () => Promise<unknown>): Promise<unknown> => {
  try {
    const out = await run();
    return out;
  } catch (e) {
    return e;
  }
};

const key = acme.crypto.createPrivateEcdsaKey();
const OIDC: OidcSettings = {
  issuer: '',
  client_id: 'rampart',
  scopes: ['openid'],
  username_claim: 'preferred_username',
  email_claim: 'email',
  name_claim: 'name',
  groups_claim: 'groups',
};

const CALLERS: Array<[string, Caller]> = [
  [
    'the outbound helper',
    (base, limits) => failure(() => outboundRequest(`${base}/x`, { what: 'the peer', limits })),
  ],
  [
    'the fetch-style client (server-side render to another origin)',
    (base, limits) =>
      failure(async () =>
        (await outboundFetch('the peer', limits)(`${base}/x`, { headers: { cookie: 'session=1' } })).text(),
      ),
  ],
  ['the update repository', (base, limits) => failure(() => listRepository(`${base}/repo`, limits))],
  [
    'dynamic DNS (address check)',
    (base, limits) =>
      failure(() =>
        new DdnsUpdater({ limits }).publicAddress({
          ip_source: 'web',
          check_url: `${base}/ip`,
          interface: '',
        }),
      ),
  ],
  [
    'ACME',
    async (base, limits) =>
      failure(async () =>
        acmeClient(`${base}/directory`, (await key).toString(), undefined, {
          ...DEFAULT_TIMING,
          limits,
        }).createAccount({
          termsOfServiceAgreed: true,
        }),
      ),
  ],
  ['OpenID discovery (both services)', (base, limits) => failure(() => discoverIssuer(base, { limits }))],
  [
    'OpenID provider check (console)',
    async (base, limits) => {
      const check = await checkOidc({ ...OIDC, issuer: base }, 'secret', 'http://127.0.0.1/cb', limits);
      expect(check.ok).toBe(false);
      return new Error(check.steps.at(-1)!.message);
    },
  ],
];

const message = (e: unknown) => (e instanceof Error ? e.message : String(e));
/** The body bytes a stopped request had read, wherever the caller's error keeps it. */
const received = (e: unknown): number | undefined => {
  for (let x: unknown = e; x; x = (x as { cause?: unknown }).cause)
    if (typeof (x as OutboundError).received === 'number') return (x as OutboundError).received;
  return undefined;
};

async function timed(run: () => Promise<unknown>): Promise<{ error: unknown; ms: number }> {
  const started = Date.now();
  const error = await run();
  return { error, ms: Date.now() - started };
}

describe.each(CALLERS)('%s', (name, call) => {
  it('gives up on a peer that accepts and never answers, within its timeout', async () => {
    const peer = await silentPeer();
    try {
      const { error, ms } = await timed(() => call(peer.base, LIMITS));
      expect(message(error)).toMatch(/did not answer within 800 ms/);
      expect(ms).toBeLessThan(BOUNDED_MS);
    } finally {
      await peer.close();
    }
  });

  it('gives up on a peer that sends headers and then stalls, within its timeout', async () => {
    const peer = await httpPeer('stall');
    try {
      const { error, ms } = await timed(() => call(peer.base, LIMITS));
      expect(message(error)).toMatch(/did not answer within 800 ms/);
      expect(ms).toBeLessThan(BOUNDED_MS);
    } finally {
      await peer.close();
    }
  });

  it('stops a 300 MiB answer without Content-Length as soon as it passes the cap', async () => {
    const peer = await httpPeer('flood');
    try {
      const { error, ms } = await timed(() => call(peer.base, { ...LIMITS, totalMs: 10_000 }));
      expect(message(error)).toMatch(/answer larger than 256 KiB/);
      expect(ms).toBeLessThan(BOUNDED_MS);
      const read = received(error);
      if (read !== undefined) expect(read).toBeLessThanOrEqual(LIMITS.maxBytes + CHUNK);
      // The peer is cut off long before its 300 MiB (what it wrote includes the kernel's socket buffers, which a
      // busy machine may fill: the exact count is the reader's, above).
      expect(peer.written()).toBeLessThan(32 * 1024 * 1024);
    } finally {
      await peer.close();
    }
  });

  it('refuses an answer whose Content-Length is past the cap before reading it', async () => {
    const peer = await httpPeer('declared');
    try {
      const { error, ms } = await timed(() => call(peer.base, LIMITS));
      expect(message(error)).toMatch(/answer larger than 256 KiB/);
      expect(ms).toBeLessThan(BOUNDED_MS);
    } finally {
      await peer.close();
    }
  });

  it('takes no credentials along a redirect to another origin (and follows none but for fetch)', async () => {
    const other = await httpPeer('stall');
    const peer = await httpPeer('redirect', other.base);
    try {
      const { error, ms } = await timed(() => call(peer.base, LIMITS));
      // fetch follows redirects (at most 5), without credentials; every other caller refuses them
      const follows = /fetch-style/.test(name);
      expect(message(error)).toMatch(follows ? /did not answer within 800 ms/ : /redirect|302/);
      expect(ms).toBeLessThan(BOUNDED_MS);
      expect(other.requests()).toBe(follows ? 1 : 0);
      expect(other.credentials).toEqual([]);
    } finally {
      await peer.close();
      await other.close();
    }
  });
});

describe('connect timeout', () => {
  it.each(CALLERS.filter(([name]) => !/OpenID provider check/.test(name)))(
    '%s: a peer that takes the TCP connection but never completes TLS is given up within the connect timeout',
    async (_name, call) => {
      const peer = await silentPeer();
      try {
        const { error, ms } = await timed(() =>
          call(peer.base.replace('http:', 'https:'), { ...LIMITS, totalMs: 10_000 }),
        );
        expect(message(error)).toMatch(/could not be reached within 300 ms/);
        expect(ms).toBeLessThan(BOUNDED_MS);
      } finally {
        await peer.close();
      }
    },
  );
});

describe('the outbound helper and redirects a caller asks for', () => {
  it.each([
    ['authorization', { authorization: 'Bearer hook-secret' }],
    ['cookie', { cookie: 'session=hook-secret' }],
  ])('follows a redirect to another origin without the %s header', async (_name, headers) => {
    const other = await httpPeer('declared');
    const peer = await httpPeer('redirect', other.base);
    try {
      const error = await failure(() =>
        outboundRequest(`${peer.base}/hook`, { what: 'the webhook', headers, limits: LIMITS, redirects: 1 }),
      );
      expect(message(error)).toMatch(/answer larger than/); // it did reach the other origin
      expect(peer.credentials).toEqual([Object.values(headers)[0]]);
      expect(other.credentials).toEqual([]);
    } finally {
      await peer.close();
      await other.close();
    }
  });

  it('does not carry credentials of the address (user:password@) to another origin', async () => {
    const other = await httpPeer('declared');
    const peer = await httpPeer('redirect', other.base);
    try {
      const url = new URL(peer.base);
      url.username = 'user';
      url.password = 's3cret';
      await failure(() =>
        outboundRequest(`${url.href}hook`, { what: 'the peer', limits: LIMITS, redirects: 1 }),
      );
      expect(peer.credentials).toEqual([`Basic ${Buffer.from('user:s3cret').toString('base64')}`]);
      expect(other.credentials).toEqual([]);
    } finally {
      await peer.close();
      await other.close();
    }
  });

  it('counts the bytes it read: a flood stops within one chunk past the cap', async () => {
    const peer = await httpPeer('flood');
    try {
      const error = await failure(() => outboundRequest(peer.base, { what: 'the peer', limits: LIMITS }));
      expect(error).toBeInstanceOf(OutboundError);
      expect((error as OutboundError).kind).toBe('too_large');
      expect((error as OutboundError).received).toBeGreaterThan(LIMITS.maxBytes);
      expect((error as OutboundError).received).toBeLessThanOrEqual(LIMITS.maxBytes + CHUNK);
    } finally {
      await peer.close();
    }
  });

  it('keeps the total timeout over the whole chain of redirects', async () => {
    const other = await httpPeer('stall');
    const peer = await httpPeer('redirect', other.base);
    try {
      const { error, ms } = await timed(() =>
        failure(() => outboundRequest(peer.base, { what: 'the peer', limits: LIMITS, redirects: 3 })),
      );
      expect(error).toBeInstanceOf(OutboundError);
      expect(message(error)).toBe('the peer did not answer within 800 ms');
      expect(ms).toBeLessThan(BOUNDED_MS);
    } finally {
      await peer.close();
      await other.close();
    }
  });
});

describe('the server-side render asking another origin', () => {
  it('gets its answer, cookies both ways, and a manual redirect as is, through the bounded client', async () => {
    const seen: Array<string | undefined> = [];
    const server = http.createServer((req, res) => {
      seen.push(req.headers.cookie);
      if (req.url === '/flow') return void res.writeHead(303, { location: '/elsewhere' }).end();
      res
        .writeHead(200, { 'content-type': 'application/json', 'set-cookie': ['a=1; Path=/', 'b=2; Path=/'] })
        .end(JSON.stringify({ ok: true }));
    });
    const base = `http://127.0.0.1:${await listen(server)}`;
    try {
      const ssr = createInjectFetch({} as FastifyInstance, 'http://console.invalid');
      const res = await ssr(`${base}/sessions/whoami`, { headers: { cookie: 'session=1' } });
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ ok: true });
      expect(res.headers.getSetCookie()).toEqual(['a=1; Path=/', 'b=2; Path=/']);
      const manual = await ssr(`${base}/flow`, { redirect: 'manual' });
      expect([manual.status, manual.headers.get('location')]).toEqual([303, '/elsewhere']);
      expect(seen).toEqual(['session=1', undefined]);
    } finally {
      await new Promise<void>((r) => server.close(() => r()));
    }
  });

  it('is cancelled by its caller', async () => {
    const peer = await httpPeer('stall');
    try {
      const error = await failure(() =>
        outboundFetch('the peer')(peer.base, { signal: AbortSignal.timeout(100) }),
      );
      expect(message(error)).toBe('the request to the peer was cancelled');
    } finally {
      await peer.close();
    }
  });
});

describe('dynamic DNS credentials', () => {
  it('a provider redirecting elsewhere gets no update followed: the credentials stay with it', async () => {
    const other = await httpPeer('stall');
    const peer = await httpPeer('redirect', other.base);
    try {
      const error = await failure(() =>
        new DdnsUpdater({ limits: LIMITS }).update(
          {
            provider: 'custom',
            hostname: 'home.example.org',
            username: 'user',
            secret: 's3cret',
            update_url: `${peer.base}/update?ip=%IP%`,
            ttl: 60,
          },
          '203.0.113.7',
        ),
      );
      expect(message(error)).toBe(
        `${new URL(peer.base).host} answered a redirect (302 to ${other.base}), which is not followed`,
      );
      expect(peer.credentials).toHaveLength(1);
      expect(other.credentials).toEqual([]);
    } finally {
      await peer.close();
      await other.close();
    }
  });
});

/** A discovery document whose credential-bearing endpoint is elsewhere (or not). */
async function issuerServer(endpoints: (issuer: string) => Record<string, string>) {
  let issuer = '';
  const server = http.createServer((req, res) => {
    if (req.url === '/.well-known/openid-configuration')
      return void res.writeHead(200, { 'content-type': 'application/json' }).end(
        JSON.stringify({
          issuer,
          authorization_endpoint: `${issuer}/auth`,
          jwks_uri: `${issuer}/jwks`,
          response_types_supported: ['code'],
          ...endpoints(issuer),
        }),
      );
    res.writeHead(404).end();
  });
  issuer = `http://127.0.0.1:${await listen(server)}`;
  return { issuer, close: () => new Promise<void>((r) => server.close(() => r())) };
}

describe('OpenID endpoints that receive credentials share the issuer origin', () => {
  const ELSEWHERE = 'https://collector.example';
  it.each([
    [
      'token endpoint',
      (i: string) => ({ token_endpoint: `${ELSEWHERE}/token`, userinfo_endpoint: `${i}/me` }),
    ],
    [
      'userinfo endpoint',
      (i: string) => ({ token_endpoint: `${i}/token`, userinfo_endpoint: `${ELSEWHERE}/me` }),
    ],
  ])(
    'a discovery document naming a %s on another origin is refused, unless allowed',
    async (name, endpoints) => {
      const srv = await issuerServer(endpoints);
      try {
        const error = await failure(() => discoverIssuer(srv.issuer));
        expect(message(error)).toBe(
          `the ${name} (${ELSEWHERE}) is not on the issuer's origin (${srv.issuer}); allow cross-origin endpoints for this provider if it is meant`,
        );
        const console = await checkOidc({ ...OIDC, issuer: srv.issuer }, 'secret', 'http://127.0.0.1/cb');
        expect(console.steps).toEqual([{ step: 'discovery', ok: false, message: message(error) }]);
        const allowed = await discoverIssuer(srv.issuer, { allowCrossOriginEndpoints: true });
        expect(allowed.metadata.issuer).toBe(srv.issuer);
      } finally {
        await srv.close();
      }
    },
  );

  it('an issuer whose endpoints are its own is accepted', async () => {
    const srv = await issuerServer((i) => ({ token_endpoint: `${i}/token`, userinfo_endpoint: `${i}/me` }));
    try {
      expect((await discoverIssuer(srv.issuer)).metadata.token_endpoint).toBe(`${srv.issuer}/token`);
    } finally {
      await srv.close();
    }
  });
});

describe('LDAP', () => {
  // An appliance without a PKI: no authority to trust beyond the system's.
  const ctx = {} as ApplianceContext;
  const settings = (url: string): LdapSettings => ({
    url,
    starttls: false,
    ca_id: null,
    bind_dn: 'cn=admin,dc=example,dc=org',
    base_dn: 'dc=example,dc=org',
    user_filter: '(uid={username})',
    group_base_dn: '',
    group_filter: '',
    username_attribute: 'uid',
    email_attribute: 'mail',
    name_attribute: 'cn',
    group_name_attribute: 'cn',
  });

  // ldapts connects at the first operation: the service bind.
  it.each([
    ['ldap://', 'bind'],
    ['ldaps://', 'bind'],
  ])(
    'a directory (%s) that accepts and never answers fails the %s step within the timeout',
    async (scheme, step) => {
      const peer = await silentPeer();
      try {
        const url = peer.base.replace('http://', scheme);
        const started = Date.now();
        const check = await checkLdap(ctx, settings(url), 'pw', {}, 300);
        expect(check.ok).toBe(false);
        expect(check.steps.at(-1)).toMatchObject({ step, ok: false });
        expect(check.steps.at(-1)!.message).toMatch(/timeout|timed out/i);
        expect(Date.now() - started).toBeLessThan(BOUNDED_MS);
      } finally {
        await peer.close();
      }
    },
  );
});
