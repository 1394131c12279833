/** The OpenAPI document as the assembly mounts it (../feature.ts): last, so it documents every route before it. */
import { defineFeature } from '../feature';
import { registerOpenApi } from './openapi';

export const openApiFeature = defineFeature({
  name: 'http',
  migrations: [],
  routes: (api, ctx, deps) => registerOpenApi(api, deps.root, ctx),
});
