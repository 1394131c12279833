/**
 * "Answered by" and "why" of a reply, from the reply line, the local action unbound logged for it (if any) and the
 * DNS proxy configuration unbound runs (the applied snapshot when the line was read). unbound says whether an answer
 * came from its cache or local data and which local zone acted, but not which forwarder it asked; the rest is
 * derived from the configuration the same way unbound.conf is generated (src/appliance/dns/unbound.ts):
 *
 * - a reply without a name, REFUSED: an access rule refused the client (the most specific refusing subnet; none
 *   → unbound's default refusal of clients no rule allows);
 * - the name is a host override (or under a wildcard one's domain): local override;
 * - a local action of a zone type that answers by itself (static, refuse, redirect, always_*…) that no override
 *   made: local zone (unbound's built-in zones such as `localhost`, `test`, private reverse zones);
 * - from the cache (flag 1): cache, with the rule that filled it;
 * - otherwise the longest domain override covering the name, else the upstream servers (unbound picks one of
 *   several by round-trip time and does not log which: with more than one the record names them all), else
 *   recursion from the root servers.
 */
import type { AnsweredBy, QueryWhy } from '../../../shared/dnsQueries';
import { parseSubnet, subnetContains } from '../../../lib/validation/subnet';
import type { DnsSnapshot } from '../proxy';
import type { ActionLine, ReplyLine } from './parse';

export const PROXY_LINK = '/dns/proxy';
export const listLink = (list: string) => `${PROXY_LINK}#${list.replace(/_/g, '-')}`;

/** Zone types whose local action is not an answer by itself (the query goes on to the cache and forwarders). */
const PASS_THROUGH = new Set(['transparent', 'typetransparent', 'inform', 'nodefault']);

const under = (name: string, domain: string) => {
  const d = domain.replace(/\.$/, '').toLowerCase();
  return name === d || name.endsWith(`.${d}`);
};

export interface Classified {
  answered_by: AnsweredBy;
  why: QueryWhy;
}

function accessRule(snapshot: DnsSnapshot | null, client: string): QueryWhy {
  let best: { id: number; subnet: string; description: string; prefix: number } | null = null;
  for (const a of snapshot?.access_lists ?? []) {
    if (a.action !== 'refuse') continue;
    const s = parseSubnet(a.subnet);
    if (!s || !subnetContains(s, client)) continue;
    if (!best || s.prefix > best.prefix) best = { ...a, prefix: s.prefix };
  }
  if (best)
    return {
      rule: 'access_rule',
      id: best.id,
      text: `access rule ${best.subnet} refuse${best.description ? ` (${best.description})` : ''}`,
      link: listLink('access_lists'),
    };
  return {
    rule: 'default_access',
    id: null,
    text: 'no access rule allows this client (unbound refuses clients it is not told to allow)',
    link: listLink('access_lists'),
  };
}

function forwarder(snapshot: DnsSnapshot | null, name: string): Classified {
  let domain: DnsSnapshot['domain_overrides'][number] | null = null;
  for (const d of snapshot?.domain_overrides ?? [])
    if (under(name, d.domain) && (!domain || d.domain.length > domain.domain.length)) domain = d;
  if (domain)
    return {
      answered_by: 'forwarded',
      why: {
        rule: 'domain_override',
        id: domain.id,
        text: `domain override ${domain.domain} → ${domain.server}@${domain.port}`,
        link: listLink('domain_overrides'),
      },
    };
  const ups = snapshot?.upstreams ?? [];
  if (ups.length === 1)
    return {
      answered_by: 'forwarded',
      why: {
        rule: 'upstream',
        id: ups[0].id,
        text: `upstream ${ups[0].address}@${ups[0].port}${ups[0].tls ? ' (TLS)' : ''}`,
        link: listLink('upstreams'),
      },
    };
  if (ups.length > 1)
    return {
      answered_by: 'forwarded',
      why: {
        rule: 'upstreams',
        id: null,
        text: `one of the upstream servers ${ups.map((u) => `${u.address}@${u.port}`).join(', ')} (unbound does not log which)`,
        link: listLink('upstreams'),
      },
    };
  return {
    answered_by: 'recursion',
    why: {
      rule: 'root',
      id: null,
      text: 'no upstream server: resolved from the root servers',
      link: listLink('upstreams'),
    },
  };
}

export function classify(
  reply: ReplyLine,
  action: ActionLine | null,
  snapshot: DnsSnapshot | null,
): Classified {
  if (reply.rcode === 'REFUSED' && (!reply.name || (!action && refusedByRule(snapshot, reply.client))))
    return { answered_by: 'refused', why: accessRule(snapshot, reply.client) };
  const name = reply.name;
  let override: DnsSnapshot['host_overrides'][number] | null = null;
  for (const h of snapshot?.host_overrides ?? []) {
    const hit = h.host === '*' ? under(name, h.domain) : name === `${h.host}.${h.domain}`.toLowerCase();
    // An exact override wins over a wildcard one.
    if (hit && (!override || override.host === '*')) override = h;
  }
  if (override)
    return {
      answered_by: 'local_override',
      why: {
        rule: 'host_override',
        id: override.id,
        text: `host override ${override.host}.${override.domain} → ${override.address}${override.description ? ` (${override.description})` : ''}`,
        link: listLink('host_overrides'),
      },
    };
  if (action && !PASS_THROUGH.has(action.zoneType))
    return {
      answered_by: 'local_zone',
      why: {
        rule: 'local_zone',
        id: null,
        text: `unbound's built-in zone ${action.zone === '.' ? '.' : `${action.zone}.`} (${action.zoneType})`,
        link: null,
      },
    };
  const forward = forwarder(snapshot, name);
  if (reply.cached)
    return {
      answered_by: 'cache',
      why: { ...forward.why, text: `cache, filled through ${forward.why.text}` },
    };
  return forward;
}

/** A named REFUSED with no local action: still an access rule when one refuses the client. */
function refusedByRule(snapshot: DnsSnapshot | null, client: string): boolean {
  return accessRule(snapshot, client).rule === 'access_rule';
}
