/** The configuration document's worker thread: built as `dist/server/config-worker.js`, loaded from source under tsx/jest. */
import { serveTasks } from '../../service-kit/cpuPool';
import { readYaml } from './yamlBody';

serveTasks({ readYaml });
