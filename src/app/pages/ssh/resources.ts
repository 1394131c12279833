/** The SSH pages' resource keys: the contracts' GET endpoints (src/shared/contracts/ssh.ts). */
import * as ssh from '../../../shared/contracts/ssh';
import { resourceKeyOf } from '../../../store/slices/resources.slice';
import { sshService } from '../../../shared/contracts/services';

export const SSH_CONFIG_KEY = resourceKeyOf(ssh.getConfig);
export const SSH_PREVIEW_KEY = resourceKeyOf(ssh.getPreview);
export const SSH_PASSWORD_KEY = resourceKeyOf(ssh.getShellPassword);

/** The running daemon's state (src/shared/contracts/services.ts). */
export const SSH_SERVICE_KEY = resourceKeyOf(sshService.state);
