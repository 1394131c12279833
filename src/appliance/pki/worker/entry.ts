/** The PKI worker thread: built as `dist/server/pki-worker.js` (webpack entry), loaded from source under tsx/jest. */
import { serveTasks } from '../../../service-kit/cpuPool';
import { tasks } from './tasks';

serveTasks(tasks);
