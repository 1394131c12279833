import { defaults, type Config } from './defaults';
import { configKeys } from './schema';

export type {
  Config,
  Environment,
  MessagingMode,
  PanelFlags,
  PasswordHashCost,
  RenderMode,
  ServicesBackend,
} from './defaults';
export { defaults } from './defaults';

/** A configuration value that is not allowed; its message is the one line the server prints before it stops. */
export class ConfigError extends Error {
  constructor(
    readonly key: string,
    readonly variable: string,
    readonly reason: string,
  ) {
    super(`config: ${key} (${variable}) is not valid: ${reason}`);
    this.name = 'ConfigError';
  }
}

/** Defaults overlaid with the environment; throws ConfigError on the first bad value. */
export function loadConfig(
  env: Record<string, string | undefined> = process.env,
  overrides: Partial<Config> = {},
): Config {
  const config: Config = structuredClone(defaults);
  for (const k of configKeys) {
    const raw = env[k.env];
    if (raw === undefined) continue;
    const parsed = k.parse(raw);
    if (parsed && typeof parsed === 'object' && 'error' in parsed)
      throw new ConfigError(k.key, k.env, String(parsed.error));
    k.set(config, parsed);
  }
  return { ...config, ...overrides, panels: { ...config.panels, ...overrides.panels } };
}

export { publicConfig, type PublicConfig } from './public';
export { publicOrigin } from './origin';
