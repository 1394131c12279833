/**
 * Debian's pebble (a real ACME server) and its companion pebble-challtestsrv as its DNS server (every name resolves
 * to 127.0.0.1), started on free loopback ports. pebble's HTTP-01 validation connects to `httpPort`: the console's
 * own server, which answers from its orders' challenges. Its TLS certificate is the caller's (the appliance's PKI
 * issues one, trusted through the ACME account's `trust_pem`).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import https from 'node:https';
import net from 'node:net';
import path from 'node:path';

const PEBBLE = '/usr/bin/pebble';
const CHALLTESTSRV = '/usr/bin/pebble-challtestsrv';

export interface Pebble {
  directoryUrl: string;
  managementUrl: string;
  log: () => string;
  stop: () => void;
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

export function httpsGet(url: string, ca: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    https
      .get(url, { ca }, (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (c: string) => (body += c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      })
      .on('error', reject);
  });
}

/**
 * Starts both and waits for pebble's directory. `tls` is pebble's certificate and key (PEM) and the CA that
 * issued it; files go to `dir`.
 */
export async function startPebble(options: {
  dir: string;
  httpPort: number;
  tls: { certPem: string; keyPem: string; caPem: string };
}): Promise<Pebble> {
  for (const bin of [PEBBLE, CHALLTESTSRV])
    if (!fs.existsSync(bin)) throw new Error(`${bin} is missing: install Debian's pebble (.ci/run does)`);
  let log = '';
  const certFile = path.join(options.dir, 'pebble-cert.pem');
  const keyFile = path.join(options.dir, 'pebble-key.pem');
  fs.writeFileSync(certFile, options.tls.certPem);
  fs.writeFileSync(keyFile, options.tls.keyPem);
  const [acmePort, mgmtPort, tlsPort, dnsPort, dnsMgmtPort] = [
    await freePort(),
    await freePort(),
    await freePort(),
    await freePort(),
    await freePort(),
  ];
  const children: ChildProcess[] = [];
  const follow = (child: ChildProcess, name: string) => {
    children.push(child);
    child.on('error', (e) => (log += `${name} spawn error: ${e.message}\n`));
    child.stdout?.on('data', (c: Buffer) => (log += c.toString()));
    child.stderr?.on('data', (c: Buffer) => (log += c.toString()));
    return child;
  };
  follow(
    spawn(
      CHALLTESTSRV,
      [
        '-dns01',
        `127.0.0.1:${dnsPort}`,
        '-http01',
        '',
        '-https01',
        '',
        '-tlsalpn01',
        '',
        '-management',
        `127.0.0.1:${dnsMgmtPort}`,
        '-defaultIPv4',
        '127.0.0.1',
        '-defaultIPv6',
        '',
      ],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    ),
    'challtestsrv',
  );
  const config = path.join(options.dir, 'pebble.json');
  fs.writeFileSync(
    config,
    JSON.stringify({
      pebble: {
        listenAddress: `127.0.0.1:${acmePort}`,
        managementListenAddress: `127.0.0.1:${mgmtPort}`,
        certificate: certFile,
        privateKey: keyFile,
        httpPort: options.httpPort,
        tlsPort,
        ocspResponderURL: '',
        externalAccountBindingRequired: false,
      },
    }),
  );
  const pebble = follow(
    spawn(PEBBLE, ['-config', config, '-dnsserver', `127.0.0.1:${dnsPort}`], {
      env: { ...process.env, PEBBLE_VA_NOSLEEP: '1', PEBBLE_WFE_NONCEREJECT: '0', PEBBLE_AUTHZREUSE: '0' },
      stdio: ['ignore', 'pipe', 'pipe'],
    }),
    'pebble',
  );
  const stop = () => children.forEach((c) => c.kill('SIGTERM'));
  const directoryUrl = `https://127.0.0.1:${acmePort}/dir`;
  for (let i = 0; ; i += 1) {
    if (pebble.exitCode !== null || i >= 100) {
      stop();
      throw new Error(`pebble did not start: ${log}`);
    }
    try {
      if ((await httpsGet(directoryUrl, options.tls.caPem)).status === 200) break;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return { directoryUrl, managementUrl: `https://127.0.0.1:${mgmtPort}`, log: () => log, stop };
}
