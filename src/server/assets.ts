/**
 * The client build's asset manifest (written by webpack.config.ts): the build id, the entry's scripts and styles,
 * and each named chunk's files, so a rendered page links exactly what its route needs.
 */
import fs from 'node:fs';
import path from 'node:path';

export interface ChunkAssets {
  js: string[];
  css: string[];
}
export interface AssetManifest {
  buildId: string;
  builtAt: string;
  publicPath: string;
  entry: ChunkAssets;
  chunks: Record<string, ChunkAssets>;
}

export const MANIFEST_FILE = 'asset-manifest.json';
/** Written beside the manifest at every build; a deploy replaces it, so running clients learn of the new build. */
export const LATEST_FILE = 'build-latest.json';

/** A manifest for running without a client build (unit tests): pages render, no scripts are linked. */
export const emptyManifest: AssetManifest = {
  buildId: 'development',
  builtAt: new Date(0).toISOString(),
  publicPath: '/assets/',
  entry: { js: [], css: [] },
  chunks: {},
};

export function loadManifest(clientDir: string): AssetManifest {
  const file = path.join(clientDir, MANIFEST_FILE);
  if (!fs.existsSync(file)) return emptyManifest;
  return JSON.parse(fs.readFileSync(file, 'utf8')) as AssetManifest;
}

/** Reads the latest deployed build id, re-reading the file only when it changed. */
export function latestBuildReader(clientDir: string, fallback: string) {
  const file = path.join(clientDir, LATEST_FILE);
  let cached = { mtimeMs: -1, buildId: fallback };
  return (): string => {
    try {
      const { mtimeMs } = fs.statSync(file);
      if (mtimeMs !== cached.mtimeMs) {
        const parsed = JSON.parse(fs.readFileSync(file, 'utf8')) as { buildId?: unknown };
        cached = { mtimeMs, buildId: typeof parsed.buildId === 'string' ? parsed.buildId : fallback };
      }
      return cached.buildId;
    } catch {
      return fallback;
    }
  };
}

export function assetsFor(manifest: AssetManifest, chunkNames: Iterable<string>): ChunkAssets {
  const js = new Set<string>();
  const css = new Set<string>(manifest.entry.css);
  for (const name of chunkNames) {
    const chunk = manifest.chunks[name];
    if (!chunk) continue;
    chunk.css.forEach((f) => css.add(f));
    chunk.js.forEach((f) => js.add(f));
  }
  manifest.entry.js.forEach((f) => js.delete(f));
  return { js: [...manifest.entry.js, ...js], css: [...css] };
}
