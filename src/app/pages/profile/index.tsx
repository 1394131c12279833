import type { RouteModule } from '../../routing/types';
import { resourceLoadRequested } from '../../../store/slices/resources.slice';
import { PROFILE_TITLE, SIGN_INS_KEY, SignInsPage } from './SignInsPage';

/** `/profile` has its own chunk: its data table would otherwise load with every help and shop page. */
export const routes: Record<string, RouteModule> = {
  profile: {
    Component: SignInsPage,
    handle: { title: PROFILE_TITLE, prefetch: () => [resourceLoadRequested({ key: SIGN_INS_KEY })] },
  },
};
