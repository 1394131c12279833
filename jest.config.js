// Jest: unit and component tests under test/, mirroring the source path they test.
// Sources and the ESM-only packages (d3-*, msw helpers, …) are compiled by SWC (@swc/jest): on a clean clone every
// file is compiled once per run, and Babel spent about 20 times as long on it. Babel stays for webpack and Storybook.
const esmOnly = [
  'rettime',
  'until-async',
  '@open-draft/deferred-promise',
  'cookie',
  'content-disposition',
  'd3-[^/]+',
  'internmap',
  'marked',
  'otplib',
  '@otplib/[^/]+',
  '@noble/[^/]+',
  '@scure/[^/]+',
  'lodash-es',
];
// One parser per file kind: a `.ts` file may hold `<T>value` casts, which the TSX grammar reads as JSX.
const swc = (parser) => [
  '@swc/jest',
  {
    jsc: {
      parser,
      // Node 20 runs ES2023 as is; class fields keep their standard (define) semantics, as with Babel.
      target: 'es2023',
      transform: { react: { runtime: 'automatic' }, useDefineForClassFields: true },
    },
  },
];
module.exports = {
  testEnvironment: 'node',
  roots: ['<rootDir>/test'],
  testMatch: ['**/*.test.ts', '**/*.test.tsx'],
  testPathIgnorePatterns: ['/node_modules/', '<rootDir>/test/e2e/', '<rootDir>/test/bench/'],
  transform: {
    '\\.tsx$': swc({ syntax: 'typescript', tsx: true }),
    '\\.m?ts$': swc({ syntax: 'typescript' }),
    '\\.m?jsx?$': swc({ syntax: 'ecmascript', jsx: true }),
    '\\.md$': '<rootDir>/test/support/sourceTransform.js',
  },
  transformIgnorePatterns: [`/node_modules/(?!.*/node_modules/)(?!(${esmOnly.join('|')})/)`],
  moduleNameMapper: {
    '\\.(css)$': '<rootDir>/test/support/styleMock.js',
    '\\.(png|svg|jpg|ico)$': '<rootDir>/test/support/fileMock.js',
  },
  moduleFileExtensions: ['ts', 'tsx', 'js', 'mjs', 'cjs', 'json', 'md'],
  setupFilesAfterEnv: ['<rootDir>/test/support/setup.ts'],
  // Servers, real tools (openssl, sshd -t, pebble) and browsers-in-jsdom share two cores: 5 s is too tight there.
  testTimeout: 20_000,
};
