// Jest: unit and component tests under test/, mirroring the source path they test.
// ESM-only packages (d3-*, msw helpers, …) are transformed by babel-jest.
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
module.exports = {
  testEnvironment: 'node',
  roots: ['<rootDir>/test'],
  testMatch: ['**/*.test.ts', '**/*.test.tsx'],
  testPathIgnorePatterns: ['/node_modules/', '<rootDir>/test/e2e/', '<rootDir>/test/bench/'],
  transform: {
    '\\.[jt]sx?$': 'babel-jest',
    '\\.m[jt]s$': 'babel-jest',
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
