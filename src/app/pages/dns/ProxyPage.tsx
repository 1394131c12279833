/**
 * /dns/proxy: the DNS proxy (an unbound resolver) — general settings, upstream servers, overrides and access lists,
 * the generated unbound.conf as it would be applied, and Apply. Data comes prefetched (server render) through the
 * resources saga.
 */
import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { Loader } from '../../../widgets/Loader';
import { useEndpoint } from '../../../store/useResource';
import * as dns from '../../../shared/contracts/dns';
import { ApplyHeader } from '../common/config/ApplyHeader';
import { ConfigPreview } from '../common/config/ConfigPreview';
import { ServiceStatus } from '../common/config/ServiceStatus';
import { DirtyGuard } from '../common/config/DirtyGuard';
import { AreaAccess, ReadOnlyNotice } from '../common/config/ReadOnly';
import { AccessList, DomainOverrideList, HostOverrideList, UpstreamList } from './ProxyLists';
import { ProxySettingsForm } from './ProxySettingsForm';
import { DNS_PREVIEW_KEY, DNS_PROXY_KEY, DNS_SERVICE_KEY } from './resources';
import '../common/config/config.css';
import { dnsService } from '../../../shared/contracts/services';

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
    <AreaAccess area="dns">
      <DirtyGuard>
        <section className="page config-page" aria-label={DNS_PROXY_TITLE}>
          <ApplyHeader
            title={DNS_PROXY_TITLE}
            description="Answers the network's DNS questions: forwards them upstream, caches answers and serves local names."
            enabled={data?.settings.enabled}
            pendingChanges={data?.status.pending_changes}
            resourceKey={DNS_PROXY_KEY}
            apply={dns.applyProxy}
            refresh={[DNS_PREVIEW_KEY, DNS_SERVICE_KEY]}
          />
          <ReadOnlyNotice />
          {!data && status === 'failed' ? (
            <p className="page__notice" role="alert">
              The DNS proxy settings could not be loaded. Reload the page to try again.
            </p>
          ) : null}
          {!data && status !== 'failed' ? <Loader label="Loading the DNS proxy settings" /> : null}
          {data ? (
            <>
              <ServiceStatus service={dnsService} logService="dns" />
              <ProxySettingsForm settings={data.settings} />
              <UpstreamList data={data.upstreams} />
              <HostOverrideList data={data.host_overrides} />
              <DomainOverrideList data={data.domain_overrides} />
              <AccessList data={data.access_lists} />
              <ConfigPreview resourceKey={DNS_PREVIEW_KEY} />
            </>
          ) : null}
        </section>
      </DirtyGuard>
    </AreaAccess>
  );
}
