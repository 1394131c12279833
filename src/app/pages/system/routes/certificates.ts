/** The certificates list and a certificate's page: one chunk (the route table's `area-system`). */
import { resourceLoadRequested } from '../../../../store/slices/resources.slice';
import type { RouteModule } from '../../../routing/types';
import { listPrefetch } from '../../common/entity/listQuery';
import { detailHandle } from '../../common/entity/useEntityDetail';
import { CERTIFICATE_DETAIL, CertificateDetailPage } from '../certificates/CertificateDetailPage';
import {
  CERTIFICATES_LIST,
  CERTIFICATES_TITLE,
  CertificateListPage,
} from '../certificates/CertificateListPage';
import { CAS_KEY, CERTIFICATE_SUMMARY_KEY } from '../resources';

export const routes: Record<string, RouteModule> = {
  certificates: {
    Component: CertificateListPage,
    handle: {
      title: CERTIFICATES_TITLE,
      prefetch: (args) => [
        ...listPrefetch(CERTIFICATES_LIST)(args),
        resourceLoadRequested({ key: CERTIFICATE_SUMMARY_KEY }),
        resourceLoadRequested({ key: CAS_KEY }),
      ],
    },
  },
  certificate: { Component: CertificateDetailPage, handle: detailHandle(CERTIFICATE_DETAIL) },
};
