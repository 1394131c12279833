/** The Backups page's resource keys (src/shared/contracts/backups.ts) and the answers it keeps. */
import * as backups from '../../../../shared/contracts/backups';
import { resourceKeyOf } from '../../../../store/slices/resources.slice';

export const BACKUPS_KEY = resourceKeyOf(backups.getBackups);
export const FINGERPRINT_KEY = 'backups#fingerprint';
export const RESTORE_PLAN_KEY = 'backups#restore-plan';
export const RESTORE_RESULT_KEY = 'backups#restore-result';
export const RESTORE_REVERT_KEY = 'backups#restore-revert';
