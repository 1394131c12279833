/** A small real SSE client over node:http for the stream tests: collects parsed events and comment lines. */
import http from 'node:http';

export interface SseEvent {
  event: string;
  data: string;
  id?: string;
}

export interface SseConnection {
  status: number;
  headers: http.IncomingHttpHeaders;
  events: SseEvent[];
  comments: string[];
  body: string;
  closed: Promise<void>;
  /** Resolves once `predicate` holds for the events received so far. */
  waitFor(predicate: (events: SseEvent[]) => boolean, timeoutMs?: number): Promise<void>;
  close(): void;
}

export function parseSse(text: string): { events: SseEvent[]; comments: string[]; rest: string } {
  const events: SseEvent[] = [];
  const comments: string[] = [];
  const blocks = text.split('\n\n');
  const rest = blocks.pop() ?? '';
  for (const block of blocks) {
    const ev: SseEvent = { event: 'message', data: '' };
    let hasData = false;
    for (const line of block.split('\n')) {
      if (line.startsWith(':')) comments.push(line.slice(1).trim());
      else if (line.startsWith('event: ')) ev.event = line.slice(7);
      else if (line.startsWith('data: ')) {
        ev.data += (hasData ? '\n' : '') + line.slice(6);
        hasData = true;
      } else if (line.startsWith('id: ')) ev.id = line.slice(4);
    }
    if (hasData) events.push(ev);
  }
  return { events, comments, rest };
}

export function openSse(url: string, headers: Record<string, string> = {}): Promise<SseConnection> {
  return new Promise((resolve, reject) => {
    const req = http.get(url, { headers: { accept: 'text/event-stream', ...headers } }, (res) => {
      let buffer = '';
      const conn: SseConnection = {
        status: res.statusCode ?? 0,
        headers: res.headers,
        events: [],
        comments: [],
        body: '',
        closed: new Promise((r) => res.on('close', () => r())),
        waitFor(predicate, timeoutMs = 5000) {
          return new Promise((ok, fail) => {
            if (predicate(conn.events)) return ok();
            const timer = setTimeout(() => {
              res.off('data', check);
              fail(new Error(`timed out; got ${conn.events.length} events`));
            }, timeoutMs);
            const check = () => {
              if (predicate(conn.events)) {
                clearTimeout(timer);
                res.off('data', check);
                ok();
              }
            };
            res.on('data', check);
            res.on('close', check);
          });
        },
        close: () => req.destroy(),
      };
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        conn.body += chunk;
        const parsed = parseSse(buffer + chunk);
        buffer = parsed.rest;
        conn.events.push(...parsed.events);
        conn.comments.push(...parsed.comments);
      });
      res.on('error', () => {});
      resolve(conn);
    });
    req.on('error', reject);
  });
}

/** Every log entry id carried by the `message` events, in order. */
export function entryIds(events: SseEvent[]): number[] {
  return events
    .filter((e) => e.event === 'message')
    .flatMap((e) => (JSON.parse(e.data).logs as Array<{ id: number }>).map((l) => l.id));
}
