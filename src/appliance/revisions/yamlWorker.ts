/**
 * The configuration document's worker thread (offThread.ts): built as `dist/server/config-worker.js`, loaded from
 * source under tsx/jest. It reads large YAML and JSON bodies and copies databases for backups.
 */
import { serveTasks } from '../../service-kit/cpuPool';
import { vacuumFile } from '../../storage/vacuum';
import { readJsonPieces } from './bodyPieces';
import { readYaml, readYamlPieces } from './yamlBody';

serveTasks({ readYaml, readYamlPieces, readJsonPieces, vacuumFile });
