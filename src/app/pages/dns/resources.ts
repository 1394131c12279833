/** The DNS pages' resource keys: the contracts' GET endpoints (src/shared/contracts/dns.ts). */
import * as dns from '../../../shared/contracts/dns';
import { resourceKeyOf } from '../../../store/slices/resources.slice';

export const DNS_PROXY_KEY = resourceKeyOf(dns.getProxy);
export const DNS_PREVIEW_KEY = resourceKeyOf(dns.getProxyPreview);
export const DYNAMIC_DNS_KEY = resourceKeyOf(dns.getDynamic);

/** The running daemon's state (src/appliance/services, whose routes are not on contracts yet). */
export const DNS_SERVICE_KEY = `${dns.getProxy.path}/service`;
