import { resourceLoadRequested } from '../../../store/slices/resources.slice';
import type { RouteModule } from '../../routing/types';
import { ConfigPage, SSH_CONFIG_TITLE } from './ConfigPage';
import { PasswordPage, SSH_PASSWORD_TITLE } from './PasswordPage';
import { SSH_CONFIG_KEY, SSH_PASSWORD_KEY, SSH_PREVIEW_KEY, SSH_SERVICE_KEY } from './resources';

export const routes: Record<string, RouteModule> = {
  config: {
    Component: ConfigPage,
    handle: {
      title: SSH_CONFIG_TITLE,
      prefetch: () => [
        resourceLoadRequested({ key: SSH_CONFIG_KEY }),
        resourceLoadRequested({ key: SSH_PREVIEW_KEY }),
        resourceLoadRequested({ key: SSH_SERVICE_KEY }),
      ],
    },
  },
  password: {
    Component: PasswordPage,
    handle: { title: SSH_PASSWORD_TITLE, prefetch: () => [resourceLoadRequested({ key: SSH_PASSWORD_KEY })] },
  },
};
