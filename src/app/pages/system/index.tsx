import { resourceLoadRequested } from '../../../store/slices/resources.slice';
import type { RouteModule } from '../../routing/types';
import { CA_DETAIL, CaDetailPage } from './authorities/CaDetailPage';
import { CA_LIST, CA_LIST_TITLE, CaListPage } from './authorities/CaListPage';
import { CERTIFICATE_DETAIL, CertificateDetailPage } from './certificates/CertificateDetailPage';
import {
  CERTIFICATES_LIST,
  CERTIFICATES_TITLE,
  CertificateListPage,
} from './certificates/CertificateListPage';
import { CRL_DETAIL, CrlDetailPage } from './crls/CrlDetailPage';
import { CRLS_LIST, CRLS_TITLE, CrlListPage } from './crls/CrlListPage';
import { CAS_KEY, CERTIFICATE_SUMMARY_KEY } from './resources';
import { ORDER_DETAIL, OrderDetailPage } from './acme/OrderDetailPage';
import { ACCOUNTS_KEY, ORDERS_LIST, ORDERS_TITLE, OrderListPage } from './acme/OrderListPage';
import { listPrefetch } from '../common/entity/listQuery';
import { FORWARDING_KEY, FORWARDING_TITLE, ForwardingPage } from './forwarding/ForwardingPage';
import { BACKUPS_TITLE, BackupsPage } from './backups/BackupsPage';
import { BACKUPS_KEY } from './backups/resources';
import { detailHandle } from '../common/entity/useEntityDetail';

const load = (key: string) => resourceLoadRequested({ key });

export const routes: Record<string, RouteModule> = {
  logForwarding: {
    Component: ForwardingPage,
    handle: { title: FORWARDING_TITLE, prefetch: () => [load(FORWARDING_KEY)] },
  },
  backups: { Component: BackupsPage, handle: { title: BACKUPS_TITLE, prefetch: () => [load(BACKUPS_KEY)] } },
  acmeOrders: {
    Component: OrderListPage,
    handle: {
      title: ORDERS_TITLE,
      prefetch: (args) => [...listPrefetch(ORDERS_LIST)(args), load(ACCOUNTS_KEY)],
    },
  },
  acmeOrder: {
    Component: OrderDetailPage,
    handle: detailHandle(ORDER_DETAIL),
  },
  certificates: {
    Component: CertificateListPage,
    handle: {
      title: CERTIFICATES_TITLE,
      prefetch: (args) => [
        ...listPrefetch(CERTIFICATES_LIST)(args),
        load(CERTIFICATE_SUMMARY_KEY),
        load(CAS_KEY),
      ],
    },
  },
  certificate: {
    Component: CertificateDetailPage,
    handle: detailHandle(CERTIFICATE_DETAIL),
  },
  certificateAuthorities: {
    Component: CaListPage,
    handle: { title: CA_LIST_TITLE, prefetch: (args) => [...listPrefetch(CA_LIST)(args), load(CAS_KEY)] },
  },
  certificateAuthority: {
    Component: CaDetailPage,
    handle: detailHandle(CA_DETAIL),
  },
  revocationLists: {
    Component: CrlListPage,
    handle: { title: CRLS_TITLE, prefetch: (args) => [...listPrefetch(CRLS_LIST)(args), load(CAS_KEY)] },
  },
  revocationList: {
    Component: CrlDetailPage,
    handle: detailHandle(CRL_DETAIL),
  },
};
