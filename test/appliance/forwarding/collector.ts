/**
 * Debian's rsyslog as the collector of forwarding tests, started on loopback with a temporary configuration: imudp,
 * imtcp and, when given the PEM files, imtcp with the gtls driver (package rsyslog-gnutls) requiring a client
 * certificate the CA signed. Every message it receives is written to a file, one line each, with `template`.
 * `.ci/run` installs `rsyslog` and `rsyslog-gnutls`.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { freePort } from '../../support/pebble';
import { rootCaBody } from '../pki/support';
import type { Agent } from '../support/harness';
import { requireTool } from '../support/tools';

export interface CollectorOptions {
  /** A directory of the test's own (the configuration, the work directory and the received file go there). */
  dir: string;
  /** rsyslog template of one received line; by default `app msgid [sd] msg`. */
  template?: string;
  /** Server certificate, its key and the CA that signs clients (PEM files): a TLS input too. */
  tls?: { ca: string; cert: string; key: string };
  /**
   * rsyslog writes control characters it receives as `#ooo` unless told not to: off, a control character that
   * reached the collector shows in the file as it was sent (a line feed starts another line).
   */
  escapeControls?: boolean;
}

export interface Collector {
  ports: { udp: number; tcp: number; tls: number };
  /** What the collector wrote, one entry per line. */
  received(): string[];
  start(): Promise<void>;
  stop(): Promise<void>;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const listening = (port: number) =>
  new Promise<boolean>((resolve) => {
    const s = net.connect({ host: '127.0.0.1', port }, () => {
      s.destroy();
      resolve(true);
    });
    s.on('error', () => resolve(false));
  });

export async function startCollector(options: CollectorOptions): Promise<Collector> {
  const binary = requireTool('rsyslogd');
  const { dir } = options;
  const out = path.join(dir, 'received.log');
  const ports = { udp: await freePort(), tcp: await freePort(), tls: options.tls ? await freePort() : 0 };
  const template = options.template ?? '%app-name% %msgid% %structured-data% %msg%\\n';
  fs.mkdirSync(path.join(dir, 'work'), { recursive: true });
  const tlsFiles = options.tls
    ? [
        `  defaultNetstreamDriverCAFile="${options.tls.ca}"`,
        `  defaultNetstreamDriverCertFile="${options.tls.cert}"`,
        `  defaultNetstreamDriverKeyFile="${options.tls.key}"`,
      ]
    : [];
  fs.writeFileSync(
    path.join(dir, 'rsyslog.conf'),
    [
      `global(workDirectory="${dir}/work"`,
      ...(options.escapeControls === false ? ['  parser.escapeControlCharactersOnReceive="off"'] : []),
      ...tlsFiles,
      ')',
      'module(load="imudp")',
      'module(load="imtcp")',
      `template(name="received" type="string" string="${template}")`,
      'ruleset(name="collect") {',
      `  action(type="omfile" file="${out}" template="received")`,
      '}',
      `input(type="imudp" address="127.0.0.1" port="${ports.udp}" ruleset="collect")`,
      `input(type="imtcp" address="127.0.0.1" port="${ports.tcp}" ruleset="collect")`,
      // TLS; the appliance must present a certificate the CA signed.
      ...(options.tls
        ? [
            `input(type="imtcp" address="127.0.0.1" port="${ports.tls}" ruleset="collect" streamDriver.name="gtls"`,
            '  streamDriver.mode="1" streamDriver.authMode="x509/certvalid")',
          ]
        : []),
      '',
    ].join('\n'),
  );

  let daemon: ChildProcess | undefined;
  const start = async () => {
    daemon = spawn(
      binary,
      ['-n', '-f', path.join(dir, 'rsyslog.conf'), '-i', path.join(dir, 'rsyslog.pid')],
      {
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    const p = daemon;
    let output = '';
    p.stdout?.on('data', (d) => (output += String(d)));
    p.stderr?.on('data', (d) => (output += String(d)));
    const end = Date.now() + 20_000;
    while (!((await listening(ports.tcp)) && (!options.tls || (await listening(ports.tls))))) {
      if (p.exitCode !== null || Date.now() > end) throw new Error(`rsyslogd did not start: ${output}`);
      await sleep(100);
    }
  };
  const stop = async () => {
    const p = daemon;
    daemon = undefined;
    if (!p || p.exitCode !== null) return;
    const exited = new Promise((r) => p.once('exit', r));
    p.kill('SIGTERM');
    await exited;
  };
  await start();
  return {
    ports,
    received: () => (fs.existsSync(out) ? fs.readFileSync(out, 'utf8').split('\n').filter(Boolean) : []),
    start,
    stop,
  };
}

/**
 * The PKI of a TLS collector: one CA of the appliance signs the collector's server certificate (for 127.0.0.1 and
 * collector.test, written to `dir` with the CA) and the appliance's client certificate (kept in the PKI).
 */
export async function collectorPki(
  admin: Agent,
  dir: string,
): Promise<{ caId: string; certId: string; files: NonNullable<CollectorOptions['tls']> }> {
  const ca = (await admin.post('/api/pki/cas', rootCaBody('Syslog Root', 'ec-p256'))).json();
  const caPem = (await admin.get(`/api/pki/cas/${ca.id}/certificate`)).body;
  const issue = async (profile: string, cn: string, sans: object) =>
    (
      await admin.post('/api/pki/certificates', {
        ca_id: ca.id,
        profile,
        subject: { common_name: cn },
        sans,
        validity_days: 7,
        key_type: 'ec-p256',
      })
    ).json();
  const server = await issue('server', 'collector', { dns: ['collector.test'], ip: ['127.0.0.1'] });
  const bundle = (
    await admin.post(`/api/pki/certificates/${server.id}/export`, { format: 'pem', include_chain: false })
  ).body;
  const split = bundle.indexOf('-----BEGIN PRIVATE KEY');
  const files = {
    ca: path.join(dir, 'ca.pem'),
    cert: path.join(dir, 'server.pem'),
    key: path.join(dir, 'server-key.pem'),
  };
  fs.writeFileSync(files.ca, caPem);
  fs.writeFileSync(files.cert, bundle.slice(0, split));
  fs.writeFileSync(files.key, bundle.slice(split), { mode: 0o600 });
  const client = await issue('client', 'rampart-appliance', { dns: ['rampart.test'] });
  return { caId: ca.id as string, certId: client.id as string, files };
}
