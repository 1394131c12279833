// Lint: typescript-eslint's recommended rules plus React hooks. Formatting is Prettier's job.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import importX from 'eslint-plugin-import-x';

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
  {
    target: './machines',
    from: [
      './src/app',
      './src/api',
      './src/store',
      './sagas',
      './src/widgets',
      './src/identity/client.ts',
      './src/identity/localAuth.actors.ts',
    ],
    message:
      'Machines import xstate and neutral types and constants only; actors are provided, not imported.',
  },
];

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
      'import-x/no-restricted-paths': ['error', { zones: layerZones }],
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
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
