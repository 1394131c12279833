/** The lockout policy and the locked-out accounts. */
import { resourceLoadRequested } from '../../../../store/slices/resources.slice';
import type { RouteModule } from '../../../routing/types';
import { LOCKOUT_TITLE, LockoutPage } from '../LockoutPage';
import { LOCKOUT_POLICY_KEY, LOCKOUTS_KEY } from '../resources';

export const routes: Record<string, RouteModule> = {
  lockout: {
    Component: LockoutPage,
    handle: {
      title: LOCKOUT_TITLE,
      prefetch: () => [
        resourceLoadRequested({ key: LOCKOUT_POLICY_KEY }),
        resourceLoadRequested({ key: LOCKOUTS_KEY }),
      ],
    },
  },
};
