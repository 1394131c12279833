/**
 * /dns/proxy: the DNS proxy (an unbound resolver) — general settings, upstream servers, overrides and access lists,
 * the generated unbound.conf as it would be applied, and Apply. Data comes prefetched (server render) through the
 * resources saga.
 */
import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { useEndpoint } from '../../../store/useResource';
import * as dns from '../../../shared/contracts/dns';
import { dnsService } from '../../../shared/contracts/services';
import { ServiceConfigPage } from '../common/config/ServiceConfigPage';
import { AccessList, DomainOverrideList, HostOverrideList, UpstreamList } from './ProxyLists';
import { ProxySettingsForm } from './ProxySettingsForm';
import { DNS_PREVIEW_KEY, DNS_PROXY_KEY, DNS_SERVICE_KEY } from './resources';

export const DNS_PROXY_TITLE = 'DNS proxy';

export function ProxyPage() {
  const { data, status } = useEndpoint(dns.getProxy);
  // A link to one of the lists (`#host-overrides`, from the DNS query log's "why") scrolls to it once it is shown.
  const { hash } = useLocation();
  const shown = !!data;
  useEffect(() => {
    if (!hash || !shown) return;
    document.getElementById(decodeURIComponent(hash.slice(1)))?.scrollIntoView?.({ block: 'start' });
  }, [hash, shown]);
  return (
    <ServiceConfigPage
      area="dns"
      header={{
        title: DNS_PROXY_TITLE,
        description:
          "Answers the network's DNS questions: forwards them upstream, caches answers and serves local names.",
        resourceKey: DNS_PROXY_KEY,
        apply: dns.applyProxy,
        refresh: [DNS_PREVIEW_KEY, DNS_SERVICE_KEY],
      }}
      data={data}
      status={status}
      state={(d) => ({ enabled: d.settings.enabled, pendingChanges: d.status.pending_changes })}
      what="the DNS proxy settings"
      service={dnsService}
      logService="dns"
      previewKey={DNS_PREVIEW_KEY}
    >
      {(d) => (
        <>
          <ProxySettingsForm settings={d.settings} />
          <UpstreamList data={d.upstreams} />
          <HostOverrideList data={d.host_overrides} />
          <DomainOverrideList data={d.domain_overrides} />
          <AccessList data={d.access_lists} />
        </>
      )}
    </ServiceConfigPage>
  );
}
