/** The certificate revocation lists and a list's page. */
import { resourceLoadRequested } from '../../../../store/slices/resources.slice';
import type { RouteModule } from '../../../routing/types';
import { listPrefetch } from '../../common/entity/listQuery';
import { detailHandle } from '../../common/entity/useEntityDetail';
import { CRL_DETAIL, CrlDetailPage } from '../crls/CrlDetailPage';
import { CRLS_LIST, CRLS_TITLE, CrlListPage } from '../crls/CrlListPage';
import { CAS_KEY } from '../resources';

export const routes: Record<string, RouteModule> = {
  revocationLists: {
    Component: CrlListPage,
    handle: {
      title: CRLS_TITLE,
      prefetch: (args) => [...listPrefetch(CRLS_LIST)(args), resourceLoadRequested({ key: CAS_KEY })],
    },
  },
  revocationList: { Component: CrlDetailPage, handle: detailHandle(CRL_DETAIL) },
};
