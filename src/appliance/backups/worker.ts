/**
 * The backups' worker thread (offThread.ts): built as `dist/server/backup-worker.js`, loaded from source under
 * tsx/jest. It seals, opens, checks and stages archives and reads restore uploads (workerTasks.ts).
 */
import { serveTasks } from '../../service-kit/cpuPool';
import { backupTasks } from './workerTasks';

serveTasks(backupTasks);
