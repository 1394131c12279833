/** The browser's view of the configuration: no schema, no environment parsing, no secrets. */
import type { Config } from './defaults';

/** The part of the configuration the browser needs; serialised into every page. Never holds secrets. */
export interface PublicConfig {
  apiBase: string;
  identityBase: string;
  authBase: string;
  authLoginPath: string;
  authChangePasswordPath: string;
  localAuth: boolean;
  bearerMode: boolean;
  renderMode: Config['renderMode'];
  env: Config['env'];
  panels: Config['panels'];
  notifications: boolean;
  qaPanel: boolean;
  messagingMode: Config['messagingMode'];
  parentOrigin: string;
  redirectOrigins: string[];
  buildPollSeconds: number;
}

export function publicConfig(c: Config): PublicConfig {
  return {
    apiBase: c.apiBase,
    identityBase: c.identityBase,
    authBase: c.authBase,
    authLoginPath: c.authLoginPath,
    authChangePasswordPath: c.authChangePasswordPath,
    localAuth: c.localAuth,
    bearerMode: c.bearerMode,
    renderMode: c.renderMode,
    env: c.env,
    panels: c.panels,
    notifications: c.notifications,
    qaPanel: c.qaPanel,
    messagingMode: c.messagingMode,
    parentOrigin: c.parentOrigin,
    redirectOrigins: c.redirectOrigins,
    buildPollSeconds: c.buildPollSeconds,
  };
}
