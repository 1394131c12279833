/**
 * A real `nats-server` (Debian's) on a loopback port for the fleet's tests, configured by the product's own
 * renderer (src/appliance/fleet/natsConfig.ts), with a Fleet CA and client certificates made here.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { x509 } from '../../../src/appliance/pki/x509';
import { renderNatsConfig } from '../../../src/appliance/fleet/natsConfig';
import { applianceIdentity, MANAGER_IDENTITY } from '../../../src/appliance/fleet/subjects';
import { freePort } from '../../support/pebble';

const alg = { name: 'ECDSA', namedCurve: 'P-256', hash: 'SHA-256' };
const DAY = 86_400_000;

const pem = (label: string, der: ArrayBuffer) =>
  `-----BEGIN ${label}-----\n${Buffer.from(der).toString('base64').replace(/.{64}/g, '$&\n')}\n-----END ${label}-----\n`;

export interface Issued {
  cert: string;
  key: string;
}

export interface TestCa {
  cert: string;
  issue(subject: string, opts?: { server?: boolean }): Promise<Issued>;
}

export async function makeCa(name: string): Promise<TestCa> {
  const keys = (await crypto.webcrypto.subtle.generateKey(alg, true, ['sign', 'verify'])) as CryptoKeyPair;
  const now = Date.now();
  const ca = await x509.X509CertificateGenerator.createSelfSigned({
    serialNumber: crypto.randomBytes(8).toString('hex'),
    name: `CN=${name}`,
    notBefore: new Date(now - DAY),
    notAfter: new Date(now + 30 * DAY),
    keys,
    signingAlgorithm: alg,
    extensions: [
      new x509.BasicConstraintsExtension(true, 0, true),
      new x509.KeyUsagesExtension(x509.KeyUsageFlags.keyCertSign | x509.KeyUsageFlags.cRLSign, true),
    ],
  });
  return {
    cert: ca.toString('pem'),
    async issue(subject, opts = {}) {
      const leaf = (await crypto.webcrypto.subtle.generateKey(alg, true, [
        'sign',
        'verify',
      ])) as CryptoKeyPair;
      const cert = await x509.X509CertificateGenerator.create({
        serialNumber: crypto.randomBytes(8).toString('hex'),
        subject,
        issuer: ca.subject,
        notBefore: new Date(now - DAY),
        notAfter: new Date(now + 7 * DAY),
        publicKey: leaf.publicKey,
        signingKey: keys.privateKey,
        signingAlgorithm: alg,
        extensions: [
          new x509.BasicConstraintsExtension(false),
          new x509.ExtendedKeyUsageExtension(
            opts.server ? [x509.ExtendedKeyUsage.serverAuth] : [x509.ExtendedKeyUsage.clientAuth],
          ),
          ...(opts.server
            ? [
                new x509.SubjectAlternativeNameExtension([
                  { type: 'ip', value: '127.0.0.1' },
                  { type: 'dns', value: 'localhost' },
                ]),
              ]
            : []),
        ],
      });
      const key = await crypto.webcrypto.subtle.exportKey('pkcs8', leaf.privateKey);
      return { cert: cert.toString('pem'), key: pem('PRIVATE KEY', key) };
    },
  };
}

export interface NatsServer {
  url: string;
  dir: string;
  log(): string;
  /** Writes the configuration for these appliances and asks the server to reload it. */
  admit(appliances: string[]): Promise<void>;
  stop(): Promise<void>;
  start(): Promise<void>;
}

function waitForPort(port: number, deadline: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const attempt = () => {
      const s = net.connect(port, '127.0.0.1');
      s.once('connect', () => {
        s.destroy();
        resolve();
      });
      s.once('error', () => {
        s.destroy();
        if (Date.now() > deadline) reject(new Error(`nats-server did not listen on ${port}`));
        else setTimeout(attempt, 50);
      });
    };
    attempt();
  });
}

export async function startNats(ca: TestCa, appliances: string[]): Promise<NatsServer> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rampart-fleet-nats-'));
  const port = await freePort();
  const server = await ca.issue('CN=rampart-fleet-server', { server: true });
  const file = (name: string, text: string) => {
    fs.writeFileSync(path.join(dir, name), text, { mode: 0o600 });
    return path.join(dir, name);
  };
  const tls = {
    certFile: file('server.crt', server.cert),
    keyFile: file('server.key', server.key),
    caFile: file('ca.crt', ca.cert),
  };
  const configFile = path.join(dir, 'nats-server.conf');
  const write = (ids: string[]) =>
    fs.writeFileSync(
      configFile,
      renderNatsConfig({
        serverName: 'rampart_fleet_test',
        host: '127.0.0.1',
        port,
        storeDir: path.join(dir, 'jetstream'),
        tls,
        appliances: ids,
        maxPayloadBytes: 1024 * 1024,
        maxFileStoreBytes: 256 * 1024 * 1024,
        maxMemoryStoreBytes: 16 * 1024 * 1024,
      }),
    );
  write(appliances);
  let child: ChildProcess | null = null;
  let output = '';
  const start = async () => {
    child = spawn('nats-server', ['-c', configFile], { stdio: ['ignore', 'pipe', 'pipe'] });
    child.stdout!.on('data', (d: Buffer) => (output += d.toString()));
    child.stderr!.on('data', (d: Buffer) => (output += d.toString()));
    await waitForPort(port, Date.now() + 15_000);
  };
  const stop = async () => {
    const c = child;
    child = null;
    if (!c || c.exitCode !== null) return;
    await new Promise<void>((resolve) => {
      c.once('exit', () => resolve());
      c.kill('SIGTERM');
    });
  };
  await start();
  return {
    url: `tls://127.0.0.1:${port}`,
    dir,
    log: () => output,
    async admit(ids) {
      write(ids);
      const before = output.length;
      (child as ChildProcess | null)?.kill('SIGHUP');
      const deadline = Date.now() + 10_000;
      while (!/Reloaded server configuration/.test(output.slice(before))) {
        if (Date.now() > deadline) throw new Error(`nats-server did not reload:\n${output.slice(before)}`);
        await new Promise((r) => setTimeout(r, 50));
      }
    },
    stop,
    start,
  };
}

/** An appliance's fleet membership as the enrolment gives it (its own certificate of the test CA). */
export async function membershipOf(ca: TestCa, nats: NatsServer, id: string) {
  const issued = await ca.issue(applianceIdentity(id));
  return { applianceId: id, certPem: issued.cert, keyPem: issued.key, caPem: ca.cert, natsUrl: nats.url };
}

/** The manager's connection settings (its certificate `CN=rampart-fleet-manager`). */
export async function managerTlsOf(ca: TestCa) {
  const issued = await ca.issue(MANAGER_IDENTITY);
  return { certPem: issued.cert, keyPem: issued.key, caPem: ca.cert };
}

/** Polls `probe` until it answers true (every 50 ms, up to `ms`). */
export async function eventually(probe: () => boolean | Promise<boolean>, ms = 20_000, what = 'condition') {
  const deadline = Date.now() + ms;
  while (!(await probe())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}
