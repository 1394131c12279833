/**
 * Joining a fleet (the managed appliance's side): the appliance makes its own P-256 key (sealed in its data
 * directory; it never leaves), sends a CSR with the one-time code to the manager's enrolment listener, and trusts
 * that listener only when the chain it presents ends at a CA with the pinned SHA-256 fingerprint — a mismatch is
 * refused before the code or the request is sent. What comes back (its id, certificate, the Fleet CA and the NATS
 * URL) is checked and stored for the fleet agent (`readFleetMembership`).
 */
import crypto from 'node:crypto';
import https from 'node:https';
import tls from 'node:tls';
import { auditText } from '../audit';
import { inTransaction, type ApplianceContext } from '../context';
import { HttpError, type ErrorItem } from '../http/errors';
import type { EnrolAnswer, FleetMembershipView, JoinFleetBody } from '../../shared/contracts/fleetEnrolment';
import { FLEET_MEMBERSHIP_SEALED, keyAndCsr, sealFor, unsealFor } from './keys';
import { applianceIdentity, assertApplianceId } from './subjects';

/** What the fleet agent needs to connect (mutual TLS to the fleet's NATS). */
export interface FleetMembership {
  applianceId: string;
  certPem: string;
  keyPem: string;
  caPem: string;
  natsUrl: string;
}

const TIMEOUT_MS = 15_000;

const fieldError = (status: 409 | 422, field: string, msg: string, type: string) =>
  new HttpError(status, [{ loc: ['body', field], msg, type }]);

/** A fingerprint as people copy it: hex, any case, colons or spaces between bytes. */
export function normaliseFingerprint(text: string): string | null {
  const hex = text.replace(/[\s:]/g, '').toLowerCase();
  return /^[0-9a-f]{64}$/.test(hex) ? hex : null;
}

function enrolUrl(address: string): URL {
  let url: URL;
  try {
    url = new URL(address.trim());
  } catch {
    throw fieldError(422, 'address', 'the enrolment address, https://host:port', 'value_error.url');
  }
  if (
    url.protocol !== 'https:' ||
    url.username ||
    url.password ||
    (url.pathname !== '/' && url.pathname !== '')
  )
    throw fieldError(422, 'address', 'the enrolment address, https://host:port', 'value_error.url');
  return url;
}

const sha256 = (der: Buffer) => crypto.createHash('sha256').update(der).digest('hex');

/**
 * Opens TLS to the listener and accepts it only when one certificate of the chain it sends has the pinned
 * fingerprint and the leaf is signed by that CA and valid now.
 */
function pinnedConnection(url: URL, fingerprint: string): Promise<tls.TLSSocket> {
  return new Promise((resolve, reject) => {
    const host = url.hostname.replace(/^\[|\]$/g, '');
    const socket = tls.connect({
      host,
      port: Number(url.port || 443),
      ...(/^[0-9.:]+$/.test(host) ? {} : { servername: host }),
      // The chain is checked below against the pinned CA, not against the system's roots.
      rejectUnauthorized: false,
    });
    const timer = setTimeout(() => socket.destroy(new Error('no answer within 15 s')), TIMEOUT_MS);
    socket.once('error', (e) => {
      clearTimeout(timer);
      reject(
        fieldError(
          422,
          'address',
          `the enrolment address cannot be reached: ${e.message}`,
          'value_error.fleet.unreachable',
        ),
      );
    });
    socket.once('secureConnect', () => {
      clearTimeout(timer);
      const chain: crypto.X509Certificate[] = [];
      let peer = socket.getPeerCertificate(true) as tls.DetailedPeerCertificate | undefined;
      const seen = new Set<string>();
      while (peer && peer.raw && !seen.has(peer.fingerprint256)) {
        seen.add(peer.fingerprint256);
        chain.push(new crypto.X509Certificate(peer.raw));
        peer = peer.issuerCertificate;
      }
      const ca = chain.find((c) => sha256(c.raw) === fingerprint);
      const leaf = chain[0];
      const now = Date.now();
      const valid = (c: crypto.X509Certificate) =>
        Date.parse(c.validFrom) <= now && now <= Date.parse(c.validTo);
      if (!ca || !leaf || !leaf.verify(ca.publicKey) || !valid(leaf) || !valid(ca)) {
        socket.destroy();
        reject(
          fieldError(
            422,
            'fingerprint',
            'the enrolment address does not present a certificate of the fleet CA with this fingerprint: check the address and the fingerprint (nothing was sent)',
            'value_error.fleet.fingerprint',
          ),
        );
        return;
      }
      resolve(socket);
    });
  });
}

function post(url: URL, socket: tls.TLSSocket, body: unknown): Promise<{ status: number; json: unknown }> {
  return new Promise((resolve, reject) => {
    const data = Buffer.from(JSON.stringify(body));
    const req = https.request(
      {
        method: 'POST',
        host: url.hostname,
        port: url.port,
        path: '/enrol',
        headers: { 'content-type': 'application/json', 'content-length': data.length },
        createConnection: () => socket,
        timeout: TIMEOUT_MS,
      },
      (res) => {
        const chunks: Buffer[] = [];
        let size = 0;
        res.on('data', (c: Buffer) => {
          size += c.length;
          if (size > 256 * 1024) req.destroy(new Error('answer too large'));
          else chunks.push(c);
        });
        res.on('end', () => {
          try {
            resolve({
              status: res.statusCode ?? 0,
              json: JSON.parse(Buffer.concat(chunks).toString('utf8')),
            });
          } catch {
            reject(new Error('the manager did not answer JSON'));
          }
        });
      },
    );
    req.on('timeout', () => req.destroy(new Error('no answer within 15 s')));
    req.on('error', reject);
    req.end(data);
  });
}

/** The manager's refusal, on this side's fields (its `code` and `csr` items; anything else on the code). */
function refusedBy(status: number, json: unknown): HttpError {
  const detail = (json as { detail?: unknown })?.detail;
  if (Array.isArray(detail) && (status === 409 || status === 422 || status === 400)) {
    const items = (detail as ErrorItem[]).slice(0, 10).map((i) => ({
      // The request is this appliance's own; what the manager refuses is the code it was sent with.
      loc: ['body', 'code'],
      msg: `the manager refused: ${String(i.msg).slice(0, 300)}`,
      type: String(i.type).slice(0, 100),
    }));
    return new HttpError(status === 400 ? 422 : status, items);
  }
  if (status === 429)
    return fieldError(
      422,
      'code',
      'the manager refuses more attempts from this address for now: try again later',
      'value_error.fleet.rate_limited',
    );
  return fieldError(422, 'address', `the manager answered ${status}`, 'value_error.fleet.unreachable');
}

function checkAnswer(a: EnrolAnswer, keyPem: string, fingerprint: string): crypto.X509Certificate {
  const bad = (why: string) =>
    fieldError(422, 'address', `the manager's answer is not usable: ${why}`, 'value_error.fleet.answer');
  if (
    typeof a?.applianceId !== 'string' ||
    typeof a.certificate !== 'string' ||
    typeof a.caChain !== 'string' ||
    typeof a.natsUrl !== 'string'
  )
    throw bad('fields are missing');
  try {
    assertApplianceId(a.applianceId);
  } catch {
    throw bad('not an appliance id');
  }
  if (!/^(tls|nats):\/\/[^\s/"'<>]+:[0-9]{1,5}$/.test(a.natsUrl)) throw bad('not a NATS URL');
  let cert: crypto.X509Certificate;
  let ca: crypto.X509Certificate;
  try {
    cert = new crypto.X509Certificate(a.certificate);
    ca = new crypto.X509Certificate(a.caChain);
  } catch {
    throw bad('not certificates');
  }
  if (sha256(ca.raw) !== fingerprint) throw bad('the CA is not the pinned one');
  if (!cert.verify(ca.publicKey)) throw bad('the certificate is not signed by the fleet CA');
  if (!cert.checkPrivateKey(crypto.createPrivateKey(keyPem)))
    throw bad('the certificate is not for this appliance’s key');
  if (cert.subject.trim() !== applianceIdentity(a.applianceId))
    throw bad('the certificate does not name this appliance');
  return cert;
}

/** Joins the fleet the code, address and fingerprint name; the membership replaces an earlier one. */
export async function joinFleet(
  ctx: ApplianceContext,
  body: JoinFleetBody,
  actor: string,
): Promise<FleetMembershipView> {
  const fingerprint = normaliseFingerprint(body.fingerprint);
  if (!fingerprint)
    throw fieldError(
      422,
      'fingerprint',
      'a SHA-256 fingerprint: 64 hexadecimal digits',
      'value_error.fleet.fingerprint_format',
    );
  const url = enrolUrl(body.address);
  const { keyPem, csrPem } = await keyAndCsr('CN=rampart-appliance');
  const socket = await pinnedConnection(url, fingerprint);
  let answer: { status: number; json: unknown };
  try {
    answer = await post(url, socket, { code: body.code.trim(), csr: csrPem });
  } catch (e) {
    throw fieldError(
      422,
      'address',
      `the enrolment failed: ${(e as Error).message}`,
      'value_error.fleet.unreachable',
    );
  } finally {
    socket.destroy();
  }
  if (answer.status !== 200) throw refusedBy(answer.status, answer.json);
  const a = answer.json as EnrolAnswer;
  const cert = checkAnswer(a, keyPem, fingerprint);
  const now = ctx.now();
  const notAfter = Date.parse(cert.validTo);
  inTransaction(ctx.db, () => {
    ctx.db.prepare('DELETE FROM fleet_membership').run();
    ctx.db
      .prepare(
        `INSERT INTO fleet_membership (id, appliance_id, key_sealed, cert_pem, ca_pem, ca_fingerprint, nats_url, cert_not_after, joined_at)
         VALUES (1, ?, ?, ?, ?, ?, ?, ?, ?)`,
      )
      .run(
        a.applianceId,
        sealFor(ctx, FLEET_MEMBERSHIP_SEALED, 1, keyPem),
        cert.toString(),
        a.caChain,
        fingerprint,
        a.natsUrl,
        notAfter,
        now,
      );
  });
  ctx.audit.record(
    'fleet',
    `this appliance joined the fleet at ${auditText(url.host)} as ${a.applianceId} (by "${auditText(actor)}")`,
  );
  return membershipView(ctx)!;
}

interface MembershipRow {
  appliance_id: string;
  key_sealed: Buffer;
  cert_pem: string;
  ca_pem: string;
  ca_fingerprint: string;
  nats_url: string;
  cert_not_after: number;
  joined_at: number;
}

const membershipRow = (ctx: ApplianceContext) =>
  ctx.db.prepare('SELECT * FROM fleet_membership WHERE id = 1').get() as MembershipRow | undefined;

export function membershipView(ctx: ApplianceContext): FleetMembershipView | null {
  const r = membershipRow(ctx);
  if (!r) return null;
  return {
    appliance_id: r.appliance_id,
    nats_url: r.nats_url,
    ca_fingerprint_sha256: r.ca_fingerprint,
    certificate_not_after: new Date(r.cert_not_after).toISOString(),
    joined_at: new Date(r.joined_at).toISOString(),
  };
}

/** The fleet this appliance joined (for the fleet agent), or null when it joined none. */
export function readFleetMembership(ctx: ApplianceContext): FleetMembership | null {
  const r = membershipRow(ctx);
  if (!r) return null;
  return {
    applianceId: r.appliance_id,
    certPem: r.cert_pem,
    keyPem: unsealFor(ctx, FLEET_MEMBERSHIP_SEALED, 1, r.key_sealed),
    caPem: r.ca_pem,
    natsUrl: r.nats_url,
  };
}
