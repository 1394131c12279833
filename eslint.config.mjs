// Lint: typescript-eslint's recommended rules plus React hooks. Formatting is Prettier's job.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import importX from 'eslint-plugin-import-x';
import fs from 'node:fs';
import path from 'node:path';

const root = import.meta.dirname;

/**
 * The layers (README "Architecture"): views → store / sagas / machines → api, identity client → server. The
 * embedded services know no screen and no client code; the client knows no service internals; wire contracts both
 * sides share live in src/shared. A break of these fails `npm run lint`.
 */
const clientCode = [
  './src/app',
  './src/api',
  './src/store',
  './src/identity',
  './src/notifications',
  './src/windows',
  './src/progress',
  './src/runtime',
  './src/widgets',
  './src/qa',
  './src/client.tsx',
  './sagas',
  './machines',
];
const serviceCode = ['./src/appliance', './src/identity-service', './src/storage', './src/service-kit'];

/**
 * An allow-list: files under `target` may import only from `allowed` (their own folder must be listed) and from
 * packages. Written with `no-restricted-paths` as "everything in the repository except": a new folder is refused
 * until a zone names it.
 */
const allowOnly = (target, allowed, message) => ({
  target,
  from: '.',
  except: [...allowed, './node_modules'],
  message,
});

/** Neutral modules: no screen, no service, no I/O of their own beyond what their name says. */
const neutral = ['./src/shared', './src/lib'];

/**
 * Views: pages, layouts and components. They read the store and machine state and send slice actions or machine
 * events; they never import the HTTP client (`src/api`) nor sagas (an area's sagas start with its chunk, loaded
 * by the route table from sagas/areas/). Wiring that is not a view — the route table, the services provider
 * (src/app/services.tsx), routing guards, the runtime — may.
 */
const views = [
  './src/app/pages',
  './src/app/layout',
  './src/app/errors',
  './src/app/forms',
  './src/app/palette',
  './src/app/session',
  './src/app/Root.tsx',
  './src/widgets',
  './src/notifications/*.tsx',
  './src/windows/*.tsx',
  './src/progress/*.tsx',
  './src/qa/**/*.tsx',
];

const clientZones = [
  allowOnly(
    './src/widgets',
    ['./src/widgets', './src/lib'],
    'Widgets import the widget library and src/lib only: they get data and callbacks as props.',
  ),
  allowOnly(
    './machines',
    [
      './machines',
      './src/shared',
      './src/identity/flow.ts',
      './src/identity/localAuth.ts',
      './src/identity/securityKeys.ts',
      './src/identity/messages.ts',
      './src/notifications/constants.ts',
      './src/windows/types.ts',
    ],
    'Machines import xstate, src/shared and neutral identity types and constants only; actors are provided, not imported.',
  ),
];

/**
 * The appliance's two floors (src/appliance/README.md "Kernel and features"). The kernel — context, HTTP
 * conventions and guards, sessions and the auth core, audit, jobs, database, the apply engine and the service
 * manager, settings storage, the console's menu — imports no feature. A feature imports the kernel, src/shared,
 * src/lib and the server-side neutral modules (src/storage, src/service-kit, config) only, never another feature:
 * what two features share moves into the kernel, or the kernel declares an interface a feature registers with
 * (a managed service with its daemon, `apply/features.ts`, a query it offers, `offers.ts`). The assembly (index.ts,
 * seed.ts) mounts them all; each feature registers its own configuration section with the revisions.
 */
const APPLIANCE = 'src/appliance';
export const applianceFeatures = {
  // The privilege area `authentication`: sign-in through providers, accounts, groups, providers, lockout.
  authentication: [
    'users',
    'providers',
    'auth/routes.ts',
    'auth/serviceAuth.ts',
    'auth/serviceAuthRoutes.ts',
    'auth/sessionRoutes.ts',
    'auth/lockoutRoutes.ts',
    'auth/lockoutPolicy.ts',
  ],
  dns: ['dns'],
  ssh: ['ssh'],
  network: ['network'],
  pki: ['pki'],
  updates: ['updates'],
  logs: ['logs'],
  alerts: ['alerts'],
  backups: ['backups'],
  forwarding: ['forwarding'],
  fleet: ['fleet'],
};
export const applianceAssembly = ['index.ts', 'seed.ts', 'README.md'];
const featurePaths = Object.values(applianceFeatures).flat();
/** The kernel's existing files and folders: everything under src/appliance no feature claims (what it may import). */
const kernelPaths = [
  ...fs.readdirSync(path.join(root, APPLIANCE)).filter((e) => e !== 'auth'),
  ...fs.readdirSync(path.join(root, APPLIANCE, 'auth')).map((e) => `auth/${e}`),
]
  .filter((e) => !featurePaths.includes(e) && !applianceAssembly.includes(e))
  .map((e) => `./${APPLIANCE}/${e}`);
/** Which files the kernel's rule applies to, as globs: a new folder or file is kernel until a feature claims it. */
const unclaimed = (entries) => entries.map((e) => e.replace(/\.ts$/, '')).join('|');
const topFeatures = featurePaths.filter((p) => !p.includes('/'));
const authFeature = featurePaths.filter((p) => p.startsWith('auth/')).map((p) => p.slice('auth/'.length));
const kernelTargets = [
  `./${APPLIANCE}/!(${unclaimed([...topFeatures, 'auth'])})/**`,
  `./${APPLIANCE}/!(${unclaimed(applianceAssembly.filter((e) => e.endsWith('.ts')))}).ts`,
  `./${APPLIANCE}/auth/!(${unclaimed(authFeature)}).ts`,
];
const serverNeutral = [...neutral, './src/storage', './src/service-kit', './config', './package.json'];
const applianceZones = [
  allowOnly(
    kernelTargets,
    [...kernelPaths, ...serverNeutral],
    'The appliance kernel imports no feature: declare an interface in the kernel that the feature registers with.',
  ),
  ...Object.entries(applianceFeatures).map(([name, own]) => {
    const paths = own.map((p) => `./${APPLIANCE}/${p}`);
    return allowOnly(
      paths,
      [...paths, ...kernelPaths, ...serverNeutral],
      `The appliance feature "${name}" imports the kernel, src/shared and src/lib only, never another feature: move what both need into the kernel, or register it through a kernel interface.`,
    );
  }),
];

const layerZones = [
  ...['./src/appliance', './src/identity-service'].map((target) => ({
    target,
    from: [...clientCode, './src/server'],
    message:
      'An embedded service knows no screen and no client code: share wire contracts through src/shared.',
  })),
  { target: './src/appliance', from: './src/identity-service', message: 'The two services are independent.' },
  { target: './src/identity-service', from: './src/appliance', message: 'The two services are independent.' },
  {
    target: clientCode,
    from: [...serviceCode, './src/server'],
    message: 'Client code knows no service internals: share wire contracts through src/shared.',
  },
  {
    target: ['./src/shared', './src/lib', './src/storage', './src/service-kit', './config'],
    from: [...clientCode, './src/appliance', './src/identity-service', './src/server'],
    message: 'Neutral modules depend on nothing above them.',
  },
  ...clientZones,
  ...applianceZones,
];
const viewZone = {
  target: views,
  from: ['./src/api', './sagas'],
  message:
    'Views send slice actions and read selectors (src/store/slices); they never import the HTTP client or sagas.',
};
/** What a view (or a saga) may not write: an API address built by hand (they call endpoints through their descriptors). */
const noApiPaths = (who) => [
  {
    selector: 'CallExpression[callee.name=/^(apiUrl|useApiHref|joinPath)$/]',
    message: `${who} never build an API address: call the endpoint (useEndpoint, save({ endpoint }), saveOf) or use urlOf(descriptor, params, apiBase).`,
  },
  ...apiPathTemplates(who),
];
/** An API path written as a template: a `path:` property's, or one under `/api/`. */
function apiPathTemplates(who) {
  return [
    {
      selector: "Property[key.name='path'] > TemplateLiteral",
      message: `${who} never write an API path: give the endpoint descriptor (src/shared/contracts) and its params.`,
    },
    {
      selector: 'TemplateLiteral > TemplateElement[value.raw=/(^|\\/)api\\//]',
      message: `${who} never write an API path: give the endpoint descriptor (src/shared/contracts) and its params.`,
    },
  ];
}
const NO_API_PATHS = noApiPaths('Views');
/** Sagas call an endpoint through its descriptor: not through the client's methods that take a URL. */
const NO_URL_CALLS = {
  selector: "MemberExpression[object.name='api'][property.name=/^(get|post|put|patch|delete|request)$/]",
  message:
    'Sagas call an endpoint through its descriptor: api.call(endpoint, { params, query, body }, { apiBase }), not api.get(url).',
};

/** The views as ESLint file globs (for the rules on globals below). */
const viewFiles = views.map((v) => {
  const p = v.replace(/^\.\//, '');
  return /[*.]/.test(p.split('/').pop()) ? p : `${p}/**/*.{ts,tsx}`;
});

export default tseslint.config(
  {
    ignores: [
      'dist/**',
      'node_modules/**',
      'coverage/**',
      'storybook-static/**',
      'test-results/**',
      '*.config.js',
      'babel.config.js',
      'test/support/*.js',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' },
      ],
      '@typescript-eslint/no-explicit-any': 'error',
      'no-console': ['error', { allow: ['warn', 'error'] }],
      'no-control-regex': 'off',
    },
  },
  {
    files: ['src/**/*.{ts,tsx}', 'sagas/**/*.ts', 'machines/**/*.ts', 'config/**/*.ts'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver': { node: { extensions: ['.ts', '.tsx', '.js', '.mjs'] } },
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { zones: [...layerZones, viewZone], basePath: root }],
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  {
    // Views never talk to the network or to browser storage themselves: sagas and machine actors do, and
    // src/lib/storage.ts is the one door to Web Storage and cookies (it survives blocked or missing storage).
    files: viewFiles,
    rules: {
      'no-restricted-globals': [
        'error',
        ...['fetch', 'XMLHttpRequest', 'EventSource', 'WebSocket', 'localStorage', 'sessionStorage'].map(
          (name) => ({
            name,
            message: `Views never use ${name}: send an action (a saga calls the API) or use src/lib/storage.ts.`,
          }),
        ),
      ],
      'no-restricted-properties': [
        'error',
        ...['window', 'globalThis', 'self'].flatMap((object) =>
          ['fetch', 'localStorage', 'sessionStorage', 'EventSource'].map((property) => ({
            object,
            property,
            message:
              'Views never use the network or browser storage directly: send an action or use src/lib/storage.ts.',
          })),
        ),
        {
          object: 'document',
          property: 'cookie',
          message: 'Views never read or write cookies: use readCookies/writeCookie from src/lib/storage.ts.',
        },
      ],
      // Views never write an API path (issue 27): they name the endpoint's descriptor (src/shared/contracts).
      'no-restricted-syntax': ['error', ...NO_API_PATHS],
    },
  },
  {
    // Sagas call endpoints through their descriptors too (issue 27): no API address built or written, no call by URL.
    files: ['sagas/**/*.ts'],
    rules: { 'no-restricted-syntax': ['error', ...noApiPaths('Sagas'), NO_URL_CALLS] },
  },
  {
    // The named exceptions among the sagas. The configuration resources and the file downloads send what their
    // (plain-data) actions carry: a resource key or path the view built from a descriptor (keyOf, saveOf,
    // useFileDownload's pathOf), put under the API base; a path template stays refused there.
    files: ['sagas/resources.saga.ts', 'sagas/fileDownload.saga.ts'],
    rules: { 'no-restricted-syntax': ['error', ...apiPathTemplates('Sagas')] },
  },
  {
    // The build poll reads the console server's `/_build/latest.json`, which is not an API route.
    files: ['sagas/buildUpdate.saga.ts'],
    rules: { 'no-restricted-syntax': ['error', ...noApiPaths('Sagas')] },
  },
  {
    // Machines are pure statecharts: of the packages, xstate only.
    files: ['machines/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(?!xstate$)(?!\\.{1,2}/)',
              message: 'Machines import xstate and neutral modules only; effects come in as provided actors.',
            },
          ],
        },
      ],
    },
  },
  {
    // Server-rendered forms keep what was typed before hydration only through the shared form (src/app/forms).
    files: ['src/**/*.tsx', 'stories/**/*.tsx'],
    ignores: ['src/app/forms/Form.tsx'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'formik',
              importNames: ['Form'],
              message: 'Use Form from src/app/forms/Form: it keeps what was typed before the page hydrated.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['scripts/**', 'test/**', 'webpack.config.ts', 'playwright.config.ts'],
    languageOptions: { globals: { ...globals.node } },
    rules: { 'no-console': 'off' },
  },
);
