/**
 * A real sshd from Debian on a loopback port, for the SFTP targets: its own host key, one client key allowed, and
 * the SFTP subsystem the test asks for (`internal-sftp`, or a command that accepts and never answers).
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { ensurePrivsepDir, requireTool } from '../support/tools';
import { until } from './support';

export interface SftpServer {
  port: number;
  /** The host key's SHA-256 fingerprint, as a target pins it. */
  fingerprint: string;
  /** The private key the server lets in (OpenSSH format). */
  clientKey: string;
  process: ChildProcess;
  stop(): Promise<void>;
}

const freePort = () =>
  new Promise<number>((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });

export const listening = (port: number) =>
  new Promise<boolean>((resolve) => {
    const s = net.connect(port, '127.0.0.1');
    s.on('connect', () => {
      s.destroy();
      resolve(true);
    });
    s.on('error', () => resolve(false));
  });

/** Starts the server in `dir` (a fresh temporary directory) and resolves once it listens. */
export async function startSftpServer(
  dir: string,
  options: { subsystem: string; port?: number },
): Promise<SftpServer> {
  const keygen = requireTool('ssh-keygen');
  ensurePrivsepDir();
  const conf = path.join(dir, 'sshd');
  fs.mkdirSync(conf, { mode: 0o700 });
  execFileSync(keygen, ['-q', '-t', 'ed25519', '-N', '', '-f', path.join(conf, 'host_key')]);
  execFileSync(keygen, ['-q', '-t', 'ed25519', '-N', '', '-f', path.join(conf, 'client_key')]);
  fs.copyFileSync(path.join(conf, 'client_key.pub'), path.join(conf, 'authorized_keys'));
  const fingerprint = execFileSync(keygen, ['-l', '-E', 'sha256', '-f', path.join(conf, 'host_key.pub')], {
    encoding: 'utf8',
  }).split(' ')[1];
  const port = options.port ?? (await freePort());
  fs.writeFileSync(
    path.join(conf, 'sshd_config'),
    [
      `Port ${port}`,
      'ListenAddress 127.0.0.1',
      `HostKey ${path.join(conf, 'host_key')}`,
      `PidFile ${path.join(conf, 'sshd.pid')}`,
      `AuthorizedKeysFile ${path.join(conf, 'authorized_keys')}`,
      'StrictModes no',
      'UsePAM no',
      'PasswordAuthentication no',
      'KbdInteractiveAuthentication no',
      'PubkeyAuthentication yes',
      'PermitRootLogin prohibit-password',
      `Subsystem sftp ${options.subsystem}`,
      '',
    ].join('\n'),
  );
  const proc = spawn(requireTool('sshd'), ['-D', '-e', '-f', path.join(conf, 'sshd_config')], {
    stdio: 'ignore',
  });
  await until(() => listening(port));
  return {
    port,
    fingerprint,
    clientKey: fs.readFileSync(path.join(conf, 'client_key'), 'utf8'),
    process: proc,
    async stop() {
      if (proc.exitCode !== null) return;
      const exited = new Promise((r) => proc.once('exit', r));
      proc.kill('SIGTERM');
      await exited;
    },
  };
}
