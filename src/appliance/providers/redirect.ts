/** Where an OpenID provider sends the console's sign-in back (to be registered at the provider). */
import { publicOrigin } from '../../../config';
import type { ApplianceContext } from '../context';

export const consoleRedirectUri = (ctx: ApplianceContext, id: number): string =>
  `${publicOrigin(ctx.config).replace(/\/+$/, '')}${ctx.authPrefix}/oidc/${id}/callback`;
