/** Jobs as the assembly mounts them (../feature.ts): their routes and their progress stream under `/eos/`. */
import { defineFeature } from '../feature';
import { registerJobRoutes, registerJobStream } from './routes';

export const jobsFeature = defineFeature({
  name: 'jobs',
  // The `jobs` table is the kernel's first schema (../db/feature.ts).
  migrations: [],
  routes: (api, ctx, deps) => registerJobRoutes(api, ctx, deps.jobs),
  eos: (eos, ctx, deps) => registerJobStream(eos, ctx, deps.jobs, deps.streams),
});
