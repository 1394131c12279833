/** The DNS proxy and dynamic DNS as the assembly mounts them (../feature.ts): managed by the apply engine. */
import { defineFeature } from '../feature';
import { dnsDaemon } from './daemon';
import { dnsDashboardPart } from './dashboard';
import { registerDns } from './index';
import { dnsMigrations } from './migrations';
import { queryLogOf, registerQueryStream } from './querylog';

export const dnsFeature = defineFeature({
  name: 'dns',
  area: 'dns',
  migrations: [{ namespace: 'dns', list: dnsMigrations }],
  tables: ['dns_settings', 'dns_lists', 'ddns_accounts', 'dns_queries'],
  sections: ['dns.proxy', 'dns.dynamic'],
  dashboard: { area: 'dns', part: dnsDashboardPart },
  managed: { register: registerDns, daemon: dnsDaemon },
  eos: (eos, ctx, deps) =>
    registerQueryStream(eos, { store: () => queryLogOf(ctx)?.store, ends: deps.streams }),
});
