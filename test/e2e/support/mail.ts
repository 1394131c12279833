/**
 * A local SMTP catcher for end-to-end specs (real SMTP, no relay): `smtp-server` on 127.0.0.1 and an OS-chosen port,
 * keeping every message it receives so a spec can wait for the next one to an address and read the code out of it.
 */
import { SMTPServer } from 'smtp-server';
import type { AddressInfo } from 'node:net';

export interface CaughtMail {
  from: string;
  to: string[];
  /** The raw message (headers and body) as the client sent it. */
  raw: string;
  /** The message with its quoted-printable soft line breaks and escapes decoded. */
  text: string;
}

export interface MailCatcher {
  url: string;
  messages: CaughtMail[];
  /** Waits for a message to `to` beyond the first `after` of them; resolves with it. */
  next: (to: string, options?: { after?: number; timeoutMs?: number }) => Promise<CaughtMail>;
  /** How many messages went to `to` so far. */
  count: (to: string) => number;
  stop: () => Promise<void>;
}

/** Decodes quoted-printable bodies (nodemailer uses it for long lines) so codes and links read as written. */
export function decodeQuotedPrintable(raw: string): string {
  return raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

/** The six-digit code of a code mail (recovery or verification). */
export function mailCode(mail: CaughtMail): string {
  const body = mail.text
    .split(/\r?\n\r?\n/)
    .slice(1)
    .join('\n');
  const match = /(?<![\d#])(\d{6})(?!\d)/.exec(body);
  if (!match) throw new Error(`no six-digit code in the mail:\n${mail.text}`);
  return match[1];
}

export async function startMailCatcher(): Promise<MailCatcher> {
  const messages: CaughtMail[] = [];
  const waiters: Array<() => void> = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, done) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        messages.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
          raw,
          text: decodeQuotedPrintable(raw),
        });
        waiters.splice(0).forEach((w) => w());
        done();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const port = (server.server.address() as AddressInfo).port;
  const to = (address: string) => messages.filter((m) => m.to.includes(address.toLowerCase()));
  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    count: (address) => to(address).length,
    next: async (address, { after = 0, timeoutMs = 15_000 } = {}) => {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const list = to(address);
        if (list.length > after) return list[after];
        const left = deadline - Date.now();
        if (left <= 0) throw new Error(`no mail to ${address} within ${timeoutMs} ms (have ${list.length})`);
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, left);
          waiters.push(() => {
            clearTimeout(timer);
            resolve();
          });
        });
      }
    },
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
