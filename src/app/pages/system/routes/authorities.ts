/** The certificate authorities list and an authority's page. */
import { resourceLoadRequested } from '../../../../store/slices/resources.slice';
import type { RouteModule } from '../../../routing/types';
import { listPrefetch } from '../../common/entity/listQuery';
import { detailHandle } from '../../common/entity/useEntityDetail';
import { CA_DETAIL, CaDetailPage } from '../authorities/CaDetailPage';
import { CA_LIST, CA_LIST_TITLE, CaListPage } from '../authorities/CaListPage';
import { CAS_KEY } from '../resources';

export const routes: Record<string, RouteModule> = {
  certificateAuthorities: {
    Component: CaListPage,
    handle: {
      title: CA_LIST_TITLE,
      prefetch: (args) => [...listPrefetch(CA_LIST)(args), resourceLoadRequested({ key: CAS_KEY })],
    },
  },
  certificateAuthority: { Component: CaDetailPage, handle: detailHandle(CA_DETAIL) },
};
