/**
 * Third-party sign-in services, configured in `${dataDir}/identity-providers.json`:
 *   { "providers": [ { "id": "google", "login_url": "https://…" }, … ] }   (a bare array is accepted too)
 * Only the known provider ids are accepted; each `login_url` must be an absolute http(s) URL. A bad file is
 * logged and ignored rather than taking the identity service down.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { isProviderId, PROVIDER_NAMES, type ProviderId } from '../shared/providers';

export { PROVIDER_NAMES, type ProviderId };

export interface Provider {
  id: ProviderId;
  name: string;
  loginUrl: string;
}

export const PROVIDERS_FILE = 'identity-providers.json';

export function parseProviders(raw: unknown, log?: Pick<FastifyBaseLogger, 'warn'>): Provider[] {
  const list: unknown = Array.isArray(raw) ? raw : (raw as { providers?: unknown } | null)?.providers;
  if (!Array.isArray(list)) return [];
  const out: Provider[] = [];
  for (const entry of list as Array<Record<string, unknown>>) {
    const id = entry?.id;
    const loginUrl = entry?.login_url;
    if (!isProviderId(id)) {
      log?.warn({ provider: id }, 'identity providers: unknown provider id ignored');
      continue;
    }
    let url: URL | null;
    try {
      url = typeof loginUrl === 'string' ? new URL(loginUrl) : null;
    } catch {
      url = null;
    }
    if (!url || (url.protocol !== 'https:' && url.protocol !== 'http:')) {
      log?.warn(
        { provider: id },
        'identity providers: login_url must be an absolute http(s) URL; provider ignored',
      );
      continue;
    }
    if (out.some((p) => p.id === id)) continue;
    out.push({ id, name: PROVIDER_NAMES[id], loginUrl: url.toString() });
  }
  return out;
}

export function loadProviders(dataDir: string, log: FastifyBaseLogger): Provider[] {
  const file = path.join(dataDir, PROVIDERS_FILE);
  if (!fs.existsSync(file)) return [];
  try {
    return parseProviders(JSON.parse(fs.readFileSync(file, 'utf8')) as unknown, log);
  } catch (err) {
    log.error(
      { file, reason: err instanceof Error ? err.message : String(err) },
      'identity providers: file unreadable; no providers offered',
    );
    return [];
  }
}
