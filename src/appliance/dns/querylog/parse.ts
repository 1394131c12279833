/**
 * Reads unbound's query lines (`log-replies: yes`, `log-local-actions: yes`, `log-time-ascii: no`, on stderr):
 *
 *   [1795815527] unbound[15290:0] info: 127.0.0.1 host.lan. A IN NOERROR 0.000000 1 53
 *     → a reply: client, name, type, class, rcode, seconds to resolve, from cache or local data (1), reply bytes
 *   [1795815527] unbound[15290:0] info: host.lan. transparent 127.0.0.1@44287 host.lan. A IN
 *     → a local action: the local zone, its type, client@port, name, type, class (logged just before its reply)
 *   [1795815528] unbound[15290:0] info: 127.0.0.2 null TYPE0 CLASS0 REFUSED 0.000000 1 12
 *     → a reply refused by an access rule before the query was read (no name)
 *
 * Every other line is not a query line (the log store keeps it). A line that starts like a query line but does not
 * read as one is `malformed`: skipped and counted, never thrown.
 */

export interface ReplyLine {
  kind: 'reply';
  client: string;
  /** Without the final dot; empty when unbound logged `null`. */
  name: string;
  type: string;
  rcode: string;
  seconds: number;
  /** Answered from the cache or from local data without asking anyone. */
  cached: boolean;
  size: number;
}

export interface ActionLine {
  kind: 'action';
  zone: string;
  zoneType: string;
  client: string;
  name: string;
  type: string;
}

export type QueryLine = ReplyLine | ActionLine | { kind: 'malformed' } | { kind: 'other' };

/** Longer lines are never query lines unbound wrote (a name is at most 253 characters plus escapes). */
const MAX_LINE = 2048;
const PREFIX = /^\[\d+\] unbound\[\d+:\d+\] info: /;
const ADDRESS = '[0-9A-Fa-f:.]+(?:%[\\w.-]+)?';
const NAME = '[^\\s@]+';
const REPLY = new RegExp(
  `^(${ADDRESS}) (${NAME}) ([A-Z][A-Z0-9-]*) ([A-Z][A-Z0-9]*) ([A-Z][A-Z0-9_]*) (\\d+\\.\\d+) ([01]) (\\d+)$`,
);
const ACTION = new RegExp(
  `^(${NAME}) ([a-z_]+) (${ADDRESS})@(\\d+) (${NAME}) ([A-Z][A-Z0-9-]*) ([A-Z][A-Z0-9]*)$`,
);
/** What a query line starts with: an address and a name (reply), or a zone, a zone type and client@port (action). */
const LOOKS_LIKE_REPLY = new RegExp(`^${ADDRESS} \\S+ \\S+ \\S+`);
const LOOKS_LIKE_ACTION = new RegExp(`^\\S+ [a-z_]+ ${ADDRESS}@`);

const bare = (name: string) => (name === '.' ? '.' : name.replace(/\.$/, '').toLowerCase());

export function parseQueryLine(line: string): QueryLine {
  const prefix = PREFIX.exec(line);
  if (!prefix) return { kind: 'other' };
  const body = line.slice(prefix[0].length);
  const looksLike = /^[0-9A-Fa-f:.]+ /.test(body)
    ? LOOKS_LIKE_REPLY.test(body)
    : LOOKS_LIKE_ACTION.test(body);
  if (line.length > MAX_LINE) return looksLike ? { kind: 'malformed' } : { kind: 'other' };
  let m = REPLY.exec(body);
  if (m && m[1].includes('.') !== m[1].includes(':')) {
    const seconds = Number(m[6]);
    const size = Number(m[8]);
    if (!Number.isFinite(seconds) || !Number.isSafeInteger(size)) return { kind: 'malformed' };
    return {
      kind: 'reply',
      client: m[1],
      name: m[2] === 'null' ? '' : bare(m[2]),
      type: m[3],
      rcode: m[5],
      seconds,
      cached: m[7] === '1',
      size,
    };
  }
  m = ACTION.exec(body);
  if (m) {
    return { kind: 'action', zone: bare(m[1]), zoneType: m[2], client: m[3], name: bare(m[5]), type: m[6] };
  }
  return looksLike ? { kind: 'malformed' } : { kind: 'other' };
}
