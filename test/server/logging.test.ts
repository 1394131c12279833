/**
 * `npm start` output: one readable line per request in a terminal, JSON for anything else or when asked; assets,
 * build polls and the render's own API calls stay out of the info level; secrets in query strings are masked.
 */
import { Writable } from 'node:stream';
import { loadConfig } from '../../config';
import { ConfigError } from '../../config';
import { buildServer } from '../../src/server/app';
import { formatRecord, resolveLogFormat } from '../../src/server/logging';
import { tempDataDir } from '../appliance/support/harness';

class Capture extends Writable {
  lines: string[] = [];
  constructor(readonly isTTY: boolean) {
    super();
  }
  override _write(chunk: Buffer, _enc: BufferEncoding, cb: () => void) {
    this.lines.push(...chunk.toString().split('\n').filter(Boolean));
    cb();
  }
}

async function serverWith(format: 'auto' | 'text' | 'json', isTTY: boolean) {
  const out = new Capture(isTTY);
  const stdout = jest.spyOn(process.stdout, 'write').mockImplementation(() => true);
  try {
    const config = loadConfig({ RAMPART_LOG_FORMAT: format }, { dataDir: tempDataDir() });
    const app = await buildServer({ config, logStream: out });
    await app.ready();
    return { app, out };
  } finally {
    stdout.mockRestore();
  }
}

describe('log format', () => {
  it('is text in a terminal and JSON otherwise, unless asked', () => {
    expect(resolveLogFormat('auto', { isTTY: true })).toBe('text');
    expect(resolveLogFormat('auto', { isTTY: false })).toBe('json');
    expect(resolveLogFormat('auto', {})).toBe('json');
    expect(resolveLogFormat('json', { isTTY: true })).toBe('json');
    expect(resolveLogFormat('text', { isTTY: false })).toBe('text');
  });

  it('refuses an unknown RAMPART_LOG_FORMAT naming the key', () => {
    expect(() => loadConfig({ RAMPART_LOG_FORMAT: 'pretty' })).toThrow(ConfigError);
    expect(() => loadConfig({ RAMPART_LOG_FORMAT: 'pretty' })).toThrow(/RAMPART_LOG_FORMAT/);
  });

  it('writes a request as one line: time, level, method, path, status, milliseconds', () => {
    const time = new Date(2026, 0, 2, 13, 5, 2).getTime();
    expect(
      formatRecord({
        level: 30,
        time,
        pid: 1,
        hostname: 'h',
        reqId: 'req-1',
        request: { method: 'GET', url: '/logs/overview', status: 200, ms: 3.1 },
        msg: 'request',
      }),
    ).toBe('13:05:02 INFO  GET /logs/overview 200 3.1 ms\n');
    expect(formatRecord({ level: 40, time, msg: 'slow disk', device: 'sda 1' })).toBe(
      '13:05:02 WARN  slow disk device="sda 1"\n',
    );
    expect(
      formatRecord({
        level: 50,
        time,
        msg: 'request failed',
        err: { message: 'boom', stack: 'Error: boom\n  at x' },
      }),
    ).toBe('13:05:02 ERROR request failed\n    Error: boom\n      at x\n');
  });
});

describe('the running server', () => {
  it('in a terminal: one readable line per page or API request, none for assets or the render’s own API calls', async () => {
    const { app, out } = await serverWith('auto', true);
    try {
      await app.inject({ url: '/account/login' });
      await app.inject({ url: '/api/config/settings' });
      await app.inject({ url: '/_build/latest.json' });
      await app.inject({ url: '/favicon.ico' });
      await app.inject({ url: '/identity/self-service/verification?flow=x&code=123456' });
      const requests = out.lines.filter((l) => / (GET|POST) \//.test(l));
      expect(requests).toHaveLength(3);
      expect(requests[0]).toMatch(/^\d\d:\d\d:\d\d INFO {2}GET \/account\/login 200 [\d.]+ ms$/);
      expect(requests[1]).toMatch(/^\d\d:\d\d:\d\d INFO {2}GET \/api\/config\/settings 200 [\d.]+ ms$/);
      expect(requests[2]).toContain('code=%5Bredacted%5D');
      expect(out.lines.join('\n')).not.toContain('123456');
      expect(out.lines.some((l) => l.startsWith('{'))).toBe(false);
    } finally {
      await app.close();
    }
  });

  it.each([
    ['not a terminal', 'auto', false],
    ['asked for JSON', 'json', true],
  ] as const)('%s: JSON records, one per request', async (_name, format, isTTY) => {
    const { app, out } = await serverWith(format, isTTY);
    try {
      await app.inject({ url: '/api/config/settings', headers: { cookie: 'rampart_session=secret-value' } });
      const records = out.lines.map((l) => JSON.parse(l) as Record<string, unknown>);
      const requests = records.filter((r) => r.msg === 'request');
      expect(requests).toHaveLength(1);
      expect(requests[0]).toMatchObject({
        level: 30,
        request: { method: 'GET', url: '/api/config/settings', status: 200 },
      });
      expect(typeof (requests[0].request as { ms: unknown }).ms).toBe('number');
      expect(out.lines.join('\n')).not.toContain('secret-value');
    } finally {
      await app.close();
    }
  });
});
