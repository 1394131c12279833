/**
 * The Fleet CA and the manager's certificates under it, all through the PKI's offers (../offers.ts): the CA is an
 * authority of the console's own PKI (shown on the CA pages, with its CRL); the nats-server's and enrolment
 * listener's server certificate names the fleet's public host; the manager's client certificate is its NATS
 * identity. Keys are made here and sealed; the PKI sees only the requests.
 */
import net from 'node:net';
import type { ApplianceContext } from '../context';
import { offered, type PkiCaFacts } from '../offers';
import { FLEET_MATERIAL_SEALED, keyAndCsr, sealFor, unsealFor } from './keys';
import { readFleetSettings } from './settings';

export const FLEET_CA_NAME = 'Rampart Fleet CA';
const CA_DAYS = 3650;
const LEAF_DAYS = 825;
/** A certificate this close to its end is replaced at the next start or settings change. */
const RENEW_BEFORE_MS = 30 * 86_400_000;

export interface Material {
  certPem: string;
  keyPem: string;
}

export interface FleetMaterial {
  ca: PkiCaFacts;
  server: Material;
  manager: Material;
}

type Role = 'server' | 'manager';

interface MaterialRow {
  role: Role;
  ca_id: string;
  cert_id: string;
  cert_pem: string;
  key_sealed: Buffer;
  names: string;
  not_after: number;
}

const LOOPBACK = /^(127\.|::1$)/;

/**
 * The names the server certificate carries: the public host and the listen address (not a wildcard one), and
 * `localhost` beside a loopback address (the NATS client checks a loopback server under that name).
 */
export function serverNames(publicHost: string, listenAddress: string): { dns: string[]; ip: string[] } {
  const dns = new Set<string>();
  const ip = new Set<string>();
  for (const name of [publicHost, listenAddress]) {
    if (name === '0.0.0.0' || name === '::') continue;
    if (!net.isIP(name)) dns.add(name.toLowerCase());
    else {
      ip.add(name);
      if (LOOPBACK.test(name)) dns.add('localhost');
    }
  }
  return { dns: [...dns], ip: [...ip] };
}

/** The Fleet CA as the PKI holds it, or null while the fleet was never managed. */
export function fleetCaId(ctx: ApplianceContext): string | null {
  const row = ctx.db.prepare("SELECT ca_id FROM fleet_material WHERE role = 'server'").get() as
    { ca_id: string } | undefined;
  return row?.ca_id ?? null;
}

/** Makes (or keeps) the Fleet CA and the manager's two certificates for the current settings. */
export async function ensureFleetMaterial(ctx: ApplianceContext, by: string): Promise<FleetMaterial> {
  const settings = readFleetSettings(ctx.db);
  const ca = await offered(
    ctx,
    'pkiEnsureCa',
  )({
    name: FLEET_CA_NAME,
    commonName: FLEET_CA_NAME,
    validityDays: CA_DAYS,
    by,
  });
  const names = serverNames(settings.public_host, settings.listen_address);
  const server = await ensureLeaf(ctx, ca, 'server', 'CN=rampart-fleet-server', names, by);
  const manager = await ensureLeaf(ctx, ca, 'manager', 'CN=rampart-fleet-manager', null, by);
  return { ca, server, manager };
}

async function ensureLeaf(
  ctx: ApplianceContext,
  ca: PkiCaFacts,
  role: Role,
  subject: string,
  sans: { dns: string[]; ip: string[] } | null,
  by: string,
): Promise<Material> {
  const wanted = JSON.stringify(sans);
  const row = ctx.db.prepare('SELECT * FROM fleet_material WHERE role = ?').get(role) as
    MaterialRow | undefined;
  if (row && row.ca_id === ca.id && row.names === wanted && row.not_after - ctx.now() > RENEW_BEFORE_MS)
    return { certPem: row.cert_pem, keyPem: unsealFor(ctx, FLEET_MATERIAL_SEALED, role, row.key_sealed) };
  const { keyPem, csrPem } = await keyAndCsr(subject);
  const issued = await offered(
    ctx,
    'pkiSignCsr',
  )({
    caId: ca.id,
    csrPem,
    profile: role === 'server' ? 'server' : 'client',
    subject,
    ...(sans ? { sans } : {}),
    validityDays: LEAF_DAYS,
    name: role === 'server' ? 'Fleet NATS server' : 'Fleet manager',
    by,
  });
  ctx.db
    .prepare(
      `INSERT INTO fleet_material (role, ca_id, cert_id, cert_pem, key_sealed, names, not_after)
       VALUES (?, ?, ?, ?, ?, ?, ?)
       ON CONFLICT (role) DO UPDATE SET ca_id = excluded.ca_id, cert_id = excluded.cert_id,
         cert_pem = excluded.cert_pem, key_sealed = excluded.key_sealed, names = excluded.names,
         not_after = excluded.not_after`,
    )
    .run(
      role,
      ca.id,
      issued.id,
      issued.pem,
      sealFor(ctx, FLEET_MATERIAL_SEALED, role, keyPem),
      wanted,
      issued.notAfter,
    );
  // The certificate it replaces is no longer used by anyone.
  if (row) await offered(ctx, 'pkiRevoke')(row.cert_id, 'superseded', by);
  return { certPem: issued.pem, keyPem };
}

/** The manager's NATS client identity (for the manager's own connection, ./consumer). */
export function managerMaterial(ctx: ApplianceContext): (Material & { caPem: string }) | null {
  const row = ctx.db.prepare("SELECT * FROM fleet_material WHERE role = 'manager'").get() as
    MaterialRow | undefined;
  if (!row) return null;
  const caPem = offered(ctx, 'pkiCaPems')(row.ca_id)[0];
  if (!caPem) return null;
  return {
    certPem: row.cert_pem,
    keyPem: unsealFor(ctx, FLEET_MATERIAL_SEALED, 'manager', row.key_sealed),
    caPem,
  };
}
