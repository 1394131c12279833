/** The DNS pages' resource keys: the contracts' GET endpoints (src/shared/contracts/dns.ts). */
import * as dns from '../../../shared/contracts/dns';
import { resourceKeyOf } from '../../../store/slices/resources.slice';
import { dnsService } from '../../../shared/contracts/services';

export const DNS_PROXY_KEY = resourceKeyOf(dns.getProxy);
export const DNS_PREVIEW_KEY = resourceKeyOf(dns.getProxyPreview);
export const DYNAMIC_DNS_KEY = resourceKeyOf(dns.getDynamic);

/** The running daemon's state (src/shared/contracts/services.ts). */
export const DNS_SERVICE_KEY = resourceKeyOf(dnsService.state);
