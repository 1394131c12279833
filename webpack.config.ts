/**
 * Two builds from one config: the browser bundle (content-hashed chunks, one lazy chunk per page, the scripts every
 * signed-in page shares in one chunk, extracted CSS, an asset manifest, gzip and brotli copies) and the server bundle (one file, node_modules left external).
 * The build id is the client compilation's hash.
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import crypto from 'node:crypto';
import webpack, { type Configuration } from 'webpack';
import MiniCssExtractPlugin from 'mini-css-extract-plugin';
import CompressionPlugin from 'compression-webpack-plugin';

const root = __dirname;
const dist = path.join(root, 'dist');
const publicPath = '/assets/';
/**
 * Production source maps are hidden (no `sourceMappingURL` in the served scripts) and written beside the served
 * tree, never into it: they stay in `dist/` for mapping stack traces, but `/assets/` cannot serve them.
 */
const SOURCE_MAP_DIR = path.join(dist, 'client', 'sourcemaps');
const assetName = 'media/[name].[contenthash:10][ext]';

/** Writes dist/client/asset-manifest.json (entry and named chunk files) and build-latest.json. */
class AssetManifestPlugin {
  apply(compiler: webpack.Compiler) {
    compiler.hooks.afterEmit.tap('AssetManifestPlugin', (compilation) => {
      const files = (group: webpack.ChunkGroup | undefined) => {
        const all = group ? group.getFiles() : [];
        return {
          js: all.filter((f) => f.endsWith('.js')).map((f) => publicPath + f),
          css: all.filter((f) => f.endsWith('.css')).map((f) => publicPath + f),
        };
      };
      const chunks: Record<string, { js: string[]; css: string[] }> = {};
      for (const [name, group] of compilation.namedChunkGroups) {
        if (name !== 'main') chunks[name] = files(group);
      }
      const buildId = compilation.hash ?? 'unknown';
      const manifest = {
        buildId,
        builtAt: new Date().toISOString(),
        publicPath,
        entry: files(compilation.entrypoints.get('main')),
        chunks,
      };
      const out = path.join(dist, 'client');
      fs.mkdirSync(out, { recursive: true });
      fs.writeFileSync(path.join(out, 'asset-manifest.json'), JSON.stringify(manifest, null, 2));
      fs.writeFileSync(path.join(out, 'build-latest.json'), JSON.stringify({ buildId }));
      // What each script holds, for the bundle budgets (test/bench/bundle.bench.ts): its chunk's names and its
      // modules with their sizes (webpack's, before minification), largest first.
      fs.mkdirSync(REPORTS, { recursive: true });
      fs.writeFileSync(path.join(REPORTS, CHUNKS_REPORT), JSON.stringify(chunkContents(compilation)));
    });
  }
}

/** Where the client build writes what its scripts hold (outside the served tree). */
const REPORTS = path.join(dist, 'reports');
const CHUNKS_REPORT = 'client-chunks.json';

/** One built script: the names of its chunk and its modules (path relative to the repository, size in bytes). */
interface ScriptContents {
  names: string[];
  modules: Array<[string, number]>;
}

function chunkContents(compilation: webpack.Compilation): Record<string, ScriptContents> {
  const scripts: Record<string, ScriptContents> = {};
  for (const chunk of compilation.chunks) {
    const modules = new Map<string, number>();
    for (const module of compilation.chunkGraph.getChunkModulesIterable(chunk)) {
      // A concatenated module hides the modules it joined; look inside it.
      const inner = (module as { modules?: Iterable<webpack.Module> }).modules ?? [module];
      for (const m of inner) {
        // Extracted styles are listed with their chunk but are not part of its script.
        if (m.type.startsWith('css/')) continue;
        const resource = (m as { resource?: string }).resource;
        const name = resource
          ? path.relative(root, resource)
          : m.readableIdentifier(compilation.requestShortener);
        modules.set(name, (modules.get(name) ?? 0) + m.size());
      }
    }
    const names = [...chunk.groupsIterable].map((g) => g.name).filter((n): n is string => Boolean(n));
    const sorted = [...modules].sort((a, b) => b[1] - a[1]);
    for (const file of chunk.files)
      if (file.endsWith('.js')) scripts[publicPath + file] = { names: [...new Set(names)], modules: sorted };
  }
  return scripts;
}

/** Empties the source map directory before a build (output.clean only covers the served tree). */
class CleanSourceMapsPlugin {
  apply(compiler: webpack.Compiler) {
    compiler.hooks.beforeRun.tap('CleanSourceMapsPlugin', () =>
      fs.rmSync(SOURCE_MAP_DIR, { recursive: true, force: true }),
    );
  }
}

/** The wire contracts both sides share (src/shared/contracts): modules that only declare values. */
const CONTRACTS = path.join(root, 'src', 'shared', 'contracts') + path.sep;

/**
 * A plugin of scripts/babel with its own text's hash as an option: babel-loader's cache key is its options, so an
 * edit of the plugin transforms the sources again.
 */
const localPlugin = (file: string): [string, { revision: string }] => {
  const plugin = path.join(root, 'scripts', 'babel', file);
  const revision = crypto.createHash('sha256').update(fs.readFileSync(plugin)).digest('hex').slice(0, 16);
  return [plugin, { revision }];
};

/**
 * The production browser bundle keeps of TypeBox and the contracts what its pages use: TypeBox's builders are
 * imported one by one (scripts/babel/typeboxBuilders.js), the contracts' schema-building calls are marked pure and
 * descriptors lose the schemas only the appliance reads (scripts/babel/contractsForClient.js), and the contract
 * modules declare no side effects, so one nobody imports from is skipped whole. The server bundle keeps them all.
 */
const CLIENT_PLUGINS = {
  plugins: [localPlugin('typeboxBuilders.js')],
  overrides: [
    {
      test: (file?: string) => Boolean(file?.startsWith(CONTRACTS)),
      plugins: [localPlugin('contractsForClient.js')],
    },
  ],
};
const contractsRule: webpack.RuleSetRule = { include: CONTRACTS, sideEffects: false };

const babelRule = (target: 'web' | 'node', clientPlugins = false): webpack.RuleSetRule => ({
  test: /\.[cm]?[jt]sx?$/,
  exclude: /node_modules/,
  use: {
    loader: 'babel-loader',
    options: {
      caller: { name: 'webpack', target },
      cacheDirectory: true,
      ...(clientPlugins ? CLIENT_PLUGINS : {}),
    },
  },
});

const resolve: Configuration['resolve'] = { extensions: ['.tsx', '.ts', '.jsx', '.js', '.mjs', '.json'] };

/**
 * React Router's package exports only its development build (its own Vite plugin swaps in the production one). The
 * production browser bundle links the production files instead: no dev-only warnings and checks (0.6 KB brotli
 * less on every page). Both entry points share the same internal chunks, so there is still one router copy.
 */
const reactRouterProduction = path.join(
  path.dirname(require.resolve('react-router/package.json')),
  'dist/production',
);
const clientResolve = (production: boolean): Configuration['resolve'] =>
  production
    ? {
        ...resolve,
        alias: {
          'react-router$': path.join(reactRouterProduction, 'index.mjs'),
          'react-router/dom$': path.join(reactRouterProduction, 'dom-export.mjs'),
          // React 19 has useSyncExternalStore: the shims' fallbacks for older React never run.
          'use-sync-external-store/shim$': path.join(root, 'src/runtime/syncExternalStore.ts'),
          'use-sync-external-store/shim/with-selector$':
            require.resolve('use-sync-external-store/with-selector'),
          // Formik copies form values only: lodash's general-purpose clone is 3.5 KB brotli it never needs.
          'lodash-es/clone$': path.join(root, 'src/runtime/formik/lodashClone.ts'),
          'lodash-es/cloneDeep$': path.join(root, 'src/runtime/formik/lodashCloneDeep.ts'),
          // …and `react-is` through its `connect()` helper's statics hoisting (1.2 KB brotli): see hoistStatics.ts.
          'hoist-non-react-statics$': path.join(root, 'src/runtime/formik/hoistStatics.ts'),
        },
      }
    : resolve;

export default (_env: unknown, argv: { mode?: 'production' | 'development' }): Configuration[] => {
  const mode = argv.mode ?? 'production';
  const production = mode === 'production';

  const client: Configuration = {
    name: 'client',
    mode,
    // Current browsers only (README "Browser support"): webpack's own runtime code may use ES2020 syntax.
    target: ['web', 'es2020'],
    entry: { main: './src/client.tsx' },
    devtool: production ? 'hidden-source-map' : 'eval-cheap-module-source-map',
    output: {
      path: path.join(dist, 'client', 'assets'),
      publicPath,
      // Relative to the served tree: dist/client/sourcemaps/js/main.<hash>.js.map.
      sourceMapFilename: `${path.relative(path.join(dist, 'client', 'assets'), SOURCE_MAP_DIR)}/[file].map`,
      filename: production ? 'js/[name].[contenthash:10].js' : 'js/[name].js',
      chunkFilename: production ? 'js/[name].[contenthash:10].js' : 'js/[name].js',
      assetModuleFilename: assetName,
      clean: true,
    },
    resolve: clientResolve(production),
    module: {
      rules: [
        babelRule('web', production),
        ...(production ? [contractsRule] : []),
        { test: /\.css$/, use: [MiniCssExtractPlugin.loader, 'css-loader'] },
        { test: /\.md$/, type: 'asset/source' },
        { test: /\.(svg|png|jpe?g|gif|woff2?)$/, type: 'asset/resource' },
      ],
    },
    optimization: {
      splitChunks: {
        chunks: 'async',
        cacheGroups: {
          // What every signed-in page loads with the core layout is one cached script, not several small ones; the
          // account pages' code stays out of it (the login page never loads the core layout).
          coreShared: {
            name: 'core-shared',
            chunks: 'async',
            enforce: true,
            priority: 10,
            test: (module: webpack.Module, { chunkGraph }: { chunkGraph: webpack.ChunkGraph }) => {
              const names = [...chunkGraph.getModuleChunksIterable(module)].map((c) => c.name ?? '');
              return names.includes('core-layout') && !names.some((n) => n.startsWith('area-account'));
            },
          },
        },
      },
      moduleIds: 'deterministic',
    },
    performance: { hints: false },
    plugins: [
      new webpack.DefinePlugin({ 'process.env.NODE_ENV': JSON.stringify(mode) }),
      new MiniCssExtractPlugin({
        filename: production ? 'css/[name].[contenthash:10].css' : 'css/[name].css',
        chunkFilename: production ? 'css/[name].[contenthash:10].css' : 'css/[name].css',
      }),
      ...(production
        ? [
            new CleanSourceMapsPlugin(),
            new CompressionPlugin({
              test: /\.(js|css|svg|json)$/,
              algorithm: 'gzip',
              filename: '[path][base].gz',
              minRatio: 0.9,
            }),
            new CompressionPlugin<zlib.BrotliOptions>({
              test: /\.(js|css|svg|json)$/,
              algorithm: 'brotliCompress',
              filename: '[path][base].br',
              compressionOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } },
              minRatio: 0.9,
            }),
          ]
        : []),
      new AssetManifestPlugin(),
    ],
  };

  const server: Configuration = {
    name: 'server',
    mode,
    target: 'node20',
    // The worker threads are scripts of their own beside the server (src/appliance/pki/offThread.ts,
    // src/appliance/revisions/yamlBody.ts and src/appliance/backups/offThread.ts find them there).
    entry: {
      server: './src/server/index.ts',
      'pki-worker': './src/appliance/pki/worker/entry.ts',
      'config-worker': './src/appliance/revisions/yamlWorker.ts',
      'backup-worker': './src/appliance/backups/worker.ts',
    },
    devtool: 'source-map',
    output: {
      path: path.join(dist, 'server'),
      filename: '[name].js',
      library: { type: 'commonjs2' },
      clean: true,
      assetModuleFilename: assetName,
      publicPath,
    },
    node: { __dirname: false, __filename: false },
    resolve,
    externalsPresets: { node: true },
    externals: [
      ({ request }, callback) => {
        // Bare imports (packages) stay external; relative imports are bundled.
        if (request && !request.startsWith('.') && !path.isAbsolute(request))
          return callback(undefined, `commonjs ${request}`);
        callback();
      },
    ],
    module: {
      rules: [
        babelRule('node'),
        { test: /\.css$/, use: 'null-loader' },
        { test: /\.md$/, type: 'asset/source' },
        // Same file names as the client build, so server-rendered URLs match; the client build emits the files.
        { test: /\.(svg|png|jpe?g|gif|woff2?)$/, type: 'asset/resource', generator: { emit: false } },
      ],
    },
    // NODE_ENV is read at run time (src/server/setEnv.ts), like the external packages do.
    optimization: { minimize: false, splitChunks: false, nodeEnv: false },
    plugins: [new webpack.optimize.LimitChunkCountPlugin({ maxChunks: 1 })],
  };

  return [client, server];
};
