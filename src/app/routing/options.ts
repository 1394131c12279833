/** Process-wide routing options, set once at start (server) or hydration (browser) from the public config. */
import type { RenderMode } from '../../../config';

export const routingOptions: { renderMode: RenderMode } = { renderMode: 'redirect' };

export function configureRouting(options: Partial<typeof routingOptions>) {
  Object.assign(routingOptions, options);
}
