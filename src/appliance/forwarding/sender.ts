/**
 * One target's sender: takes the oldest queued records in batches, writes them (UDP: one datagram each; TCP and
 * TLS: RFC 6587 octet-counted frames on one connection) and has them deleted once written and the connection is
 * still up a moment later; reconnects with a doubling backoff (0.5 s up to 30 s), at once when woken with a reset.
 */
import dgram from 'node:dgram';
import net from 'node:net';
import tls from 'node:tls';
import { octetCounted, wireMessage } from './format';
import type { TargetRow } from './store';

export const BATCH = 200;
export const BACKOFF_MIN_MS = 500;
export const BACKOFF_MAX_MS = 30_000;
/** How long a connection must stay up after a batch is written before the batch counts as delivered. */
export const SETTLE_MS = 50;
const CONNECT_TIMEOUT_MS = 10_000;
/** Longest message sent; longer ones are cut (a UDP datagram cannot carry more in practice). */
const MAX_MESSAGE_BYTES = 8192;

/** TLS material from the PKI: the client certificate (chain and key) and the trusted CA certificates, as PEM. */
export interface TlsSource {
  clientCertificate(id: string): { cert: string; key: string };
  trust(caId: string): string;
}

/** What a sender needs of its forwarder: the queue's oldest records, its bookkeeping, the PKI's TLS material. */
export interface SenderHost {
  readonly tls: TlsSource;
  peek(targetId: number, limit: number): Array<{ id: number; line: string }>;
  delivered(targetId: number, upToId: number): void;
  failed(targetId: number, message: string): void;
}

type Connection =
  | { kind: 'stream'; socket: net.Socket; alive: () => boolean }
  | { kind: 'udp'; socket: dgram.Socket; alive: () => boolean };

const errorText = (e: unknown) => (e instanceof Error ? e.message : String(e)).slice(0, 500);

export class Sender {
  private conn: Connection | null = null;
  private stopped = false;
  private backoff = BACKOFF_MIN_MS;
  private wakeUp: (() => void) | null = null;
  private running: Promise<void> | null = null;
  connected = false;

  constructor(
    private readonly f: SenderHost,
    public target: TargetRow,
  ) {}

  start() {
    this.running ??= this.loop().finally(() => {
      this.running = null;
    });
  }

  /** Something to send, or the settings changed: stop waiting (a backoff too). */
  wake(resetBackoff = false) {
    if (resetBackoff) this.backoff = BACKOFF_MIN_MS;
    const w = this.wakeUp;
    this.wakeUp = null;
    w?.();
  }

  async stop() {
    this.stopped = true;
    this.wake();
    this.drop();
    await this.running;
  }

  /** Closes the connection (the next batch opens a new one, with the target's current settings). */
  drop() {
    const c = this.conn;
    this.conn = null;
    this.connected = false;
    if (!c) return;
    if (c.kind === 'udp') c.socket.close();
    else c.socket.destroy();
  }

  private sleep(ms: number | null): Promise<void> {
    return new Promise((resolve) => {
      const timer = ms === null ? null : setTimeout(() => this.wake(), ms);
      this.wakeUp = () => {
        if (timer) clearTimeout(timer);
        resolve();
      };
    });
  }

  private async loop() {
    while (!this.stopped) {
      const rows = this.f.peek(this.target.id, BATCH);
      if (rows.length === 0) {
        await this.sleep(null);
        continue;
      }
      try {
        const conn = await this.connection();
        await this.send(
          conn,
          rows.map((r) => r.line),
        );
        this.f.delivered(this.target.id, rows[rows.length - 1].id);
        this.backoff = BACKOFF_MIN_MS;
      } catch (e) {
        this.drop();
        // A sender being stopped (its target changed or removed) fails on the connection it dropped itself.
        if (this.stopped) break;
        this.f.failed(this.target.id, errorText(e));
        const wait = this.backoff;
        this.backoff = Math.min(this.backoff * 2, BACKOFF_MAX_MS);
        await this.sleep(wait);
      }
    }
  }

  private async connection(): Promise<Connection> {
    if (this.conn?.alive()) return this.conn;
    this.drop();
    const t = this.target;
    const conn = t.protocol === 'udp' ? await this.openUdp(t) : await this.openStream(t);
    this.conn = conn;
    this.connected = true;
    return conn;
  }

  private openUdp(t: TargetRow): Promise<Connection> {
    return new Promise((resolve, reject) => {
      const socket = dgram.createSocket(net.isIPv6(t.host) ? 'udp6' : 'udp4');
      let alive = true;
      socket.on('error', () => {
        alive = false;
      });
      socket.once('connect', () => resolve({ kind: 'udp', socket, alive: () => alive }));
      try {
        socket.connect(t.port, t.host);
      } catch (e) {
        reject(e as Error);
      }
      socket.once('error', reject);
    });
  }

  private openStream(t: TargetRow): Promise<Connection> {
    return new Promise((resolve, reject) => {
      let socket: net.Socket;
      let alive = true;
      const readyEvent = t.protocol === 'tls' ? 'secureConnect' : 'connect';
      try {
        if (t.protocol === 'tls') {
          const client = t.tls_certificate_id ? this.f.tls.clientCertificate(t.tls_certificate_id) : null;
          socket = tls.connect({
            host: t.host,
            port: t.port,
            // The collector's certificate must name the host (Node checks it against `servername`, or the address).
            ...(net.isIP(t.host) ? {} : { servername: t.host }),
            ...(t.tls_ca_id ? { ca: this.f.tls.trust(t.tls_ca_id) } : {}),
            ...(client ? { cert: client.cert, key: client.key } : {}),
            minVersion: 'TLSv1.2',
            rejectUnauthorized: true,
          });
        } else {
          socket = net.connect({ host: t.host, port: t.port });
        }
      } catch (e) {
        reject(e as Error);
        return;
      }
      const timer = setTimeout(() => socket.destroy(new Error('connection timed out')), CONNECT_TIMEOUT_MS);
      const dead = () => {
        alive = false;
      };
      socket.once('error', (e) => {
        dead();
        clearTimeout(timer);
        reject(e);
      });
      socket.on('error', dead);
      socket.on('end', () => {
        // The collector closed its side: nothing more it reads; close ours.
        dead();
        socket.destroy();
      });
      socket.on('close', dead);
      // Collectors do not answer; whatever they send is read and ignored.
      socket.on('data', () => {});
      socket.once(readyEvent, () => {
        clearTimeout(timer);
        socket.setKeepAlive(true, 30_000);
        resolve({ kind: 'stream', socket, alive: () => alive && !socket.destroyed });
      });
    });
  }

  private async send(conn: Connection, lines: string[]) {
    if (conn.kind === 'udp') {
      for (const line of lines) {
        const buf = wireMessage(line, MAX_MESSAGE_BYTES);
        await new Promise<void>((resolve, reject) =>
          conn.socket.send(buf, (e) => (e ? reject(e) : resolve())),
        );
      }
      return;
    }
    const frames = Buffer.concat(lines.map((l) => octetCounted(wireMessage(l, MAX_MESSAGE_BYTES))));
    await new Promise<void>((resolve, reject) => {
      if (!conn.alive()) {
        reject(new Error('the collector closed the connection'));
        return;
      }
      conn.socket.write(frames, (e) => (e ? reject(e) : resolve()));
    });
    // A collector that went away right now has closed the connection by the end of this moment.
    await new Promise((r) => setTimeout(r, SETTLE_MS));
    if (!conn.alive()) throw new Error('the collector closed the connection');
  }
}
