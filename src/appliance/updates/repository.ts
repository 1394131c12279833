/**
 * Update repositories: a local directory (default `<dataDir>/updates/repository`) or an HTTP(S) URL, laid out the
 * same way: package files (`*.rup`), listed by an optional `index.json` (`{"packages": ["rampart-1.1.0.rup"]}`;
 * required over HTTP, where a directory cannot be listed). Every file is verified before it is offered.
 */
import fs from 'node:fs';
import path from 'node:path';
import {
  OUTBOUND_LIMITS,
  OutboundError,
  outboundRequest,
  type OutboundLimits,
} from '../../service-kit/outbound';
import { PACKAGE_FILE_MAX_BYTES } from './package';

export const PACKAGE_EXTENSION = '.rup';
export const INDEX_FILE = 'index.json';
/** A package is at most 10 MiB: its download may take a minute; no redirects (a mirror's address is given as is). */
export const REPOSITORY_LIMITS: OutboundLimits = {
  connectMs: 10_000,
  totalMs: 60_000,
  maxBytes: PACKAGE_FILE_MAX_BYTES,
};
/** The index is a small list: it gets the ordinary outbound bounds (30 s), not a package's minute. */
export const INDEX_LIMITS: OutboundLimits = { ...OUTBOUND_LIMITS, maxBytes: 1024 * 1024 };
const MAX_FILES = 200;

export const defaultRepository = (dataDir: string) => path.join(dataDir, 'updates', 'repository');

/** A package file name as an index may list it: a plain name, never a path. */
const SAFE_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,120}\.rup$/;

export interface RepositoryFile {
  name: string;
  read: () => Promise<Buffer>;
}

export class RepositoryError extends Error {}

export const isHttpRepository = (location: string) => /^https?:\/\//i.test(location);

function namesFromIndex(raw: unknown): string[] {
  const list = (raw as { packages?: unknown } | null)?.packages;
  if (!Array.isArray(list)) throw new RepositoryError(`${INDEX_FILE} has no "packages" list`);
  return list.filter((n): n is string => typeof n === 'string' && SAFE_NAME.test(n)).slice(0, MAX_FILES);
}

async function fetchLimited(url: string, limits: OutboundLimits): Promise<Buffer> {
  let res;
  try {
    res = await outboundRequest(url, { what: `the update repository (${url})`, limits });
  } catch (e) {
    throw new RepositoryError(e instanceof OutboundError ? e.message : `${url} could not be reached`, {
      cause: e,
    });
  }
  if (res.status < 200 || res.status > 299) throw new RepositoryError(`${url} answered ${res.status}`);
  return res.body;
}

/** The package files a repository offers (not yet verified). `limits` (tests) narrow both the index's and the packages' bounds. */
export async function listRepository(
  location: string,
  limits: Partial<OutboundLimits> = {},
): Promise<RepositoryFile[]> {
  if (isHttpRepository(location)) {
    const base = location.endsWith('/') ? location : `${location}/`;
    let index: unknown;
    try {
      index = JSON.parse(
        (await fetchLimited(new URL(INDEX_FILE, base).href, { ...INDEX_LIMITS, ...limits })).toString('utf8'),
      );
    } catch (e) {
      throw e instanceof RepositoryError ? e : new RepositoryError(`${INDEX_FILE} is not valid JSON`);
    }
    return namesFromIndex(index).map((name) => ({
      name,
      read: () => fetchLimited(new URL(name, base).href, { ...REPOSITORY_LIMITS, ...limits }),
    }));
  }
  let names: string[];
  const indexFile = path.join(location, INDEX_FILE);
  try {
    if (fs.existsSync(indexFile)) names = namesFromIndex(JSON.parse(fs.readFileSync(indexFile, 'utf8')));
    else
      names = fs
        .readdirSync(location)
        .filter((n) => SAFE_NAME.test(n))
        .sort()
        .slice(0, MAX_FILES);
  } catch (e) {
    if (e instanceof RepositoryError) throw e;
    throw new RepositoryError(`the repository directory ${location} cannot be read`);
  }
  return names.map((name) => ({
    name,
    read: async () => {
      const file = path.join(location, name);
      const stat = await fs.promises.stat(file);
      if (stat.size > PACKAGE_FILE_MAX_BYTES) throw new RepositoryError(`${name} is too large`);
      return fs.promises.readFile(file);
    },
  }));
}
