/**
 * The network as the assembly mounts it (../feature.ts): its preferences managed by the apply engine, its
 * interfaces, samples and status on the root server (./index.ts mounts its own scopes).
 */
import { defineFeature } from '../feature';
import { registerNetwork } from './index';
import { registerNetworkPreferences } from './managed';
import { NETWORK_MIGRATIONS } from './samples';

export const networkFeature = defineFeature({
  name: 'network',
  area: 'network',
  migrations: [{ namespace: 'network', list: NETWORK_MIGRATIONS }],
  tables: ['network_samples', 'network_preferences'],
  sections: ['network.preferences'],
  managed: { register: registerNetworkPreferences },
  root: (app, ctx) => registerNetwork(app, ctx),
});
