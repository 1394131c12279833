/**
 * The revisions' history routes and the configuration document as the assembly mounts them (../feature.ts); their
 * capture hook is installed at the root before any route (./index.ts `installRevisions`, called by the assembly).
 */
import { defineFeature } from '../feature';
import { registerRevisions } from './index';
import { revisionsMigrations } from './migrations';

export const revisionsFeature = defineFeature({
  name: 'revisions',
  migrations: [{ namespace: 'revisions', list: revisionsMigrations }],
  tables: ['revisions', 'revision_applies', 'revision_files'],
  routes: (api, ctx, deps) => registerRevisions(api, ctx, deps.manager()),
});
