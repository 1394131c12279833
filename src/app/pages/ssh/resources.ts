/** The SSH pages' resource keys: the contracts' GET endpoints (src/shared/contracts/ssh.ts). */
import * as ssh from '../../../shared/contracts/ssh';
import { resourceKeyOf } from '../../../store/slices/resources.slice';

export const SSH_CONFIG_KEY = resourceKeyOf(ssh.getConfig);
export const SSH_PREVIEW_KEY = resourceKeyOf(ssh.getPreview);
export const SSH_PASSWORD_KEY = resourceKeyOf(ssh.getShellPassword);

/** The running daemon's state (src/appliance/services, whose routes are not on contracts yet). */
export const SSH_SERVICE_KEY = 'ssh/service';
