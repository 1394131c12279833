/**
 * The lint zones are allow-lists that bite: each case is a line of code placed (in memory) at a path of the tree and
 * linted with the project's own eslint.config.mjs, which must refuse it with the zone's rule, while what the zone
 * allows passes. ESLint runs in a child Node process (its flat config is an ES module; one process lints all cases).
 */
import { execFileSync } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(__dirname, '../..');

interface Case {
  /** Where the code is placed, relative to the repository. */
  file: string;
  code: string;
}

/** The rule ids each case breaks (empty: it passes). */
function lint(cases: Case[]): string[][] {
  const script = `
    import { ESLint } from 'eslint';
    const cases = JSON.parse(process.env.ZONE_CASES);
    const eslint = new ESLint({ cwd: process.cwd() });
    const out = [];
    for (const c of cases) {
      const [result] = await eslint.lintText(c.code, { filePath: c.file });
      out.push(result.messages.map((m) => m.ruleId ?? m.message));
    }
    process.stdout.write(JSON.stringify(out));
  `;
  const stdout = execFileSync(process.execPath, ['--input-type=module', '-e', script], {
    cwd: root,
    env: { ...process.env, ZONE_CASES: JSON.stringify(cases) },
    encoding: 'utf8',
  });
  return JSON.parse(stdout) as string[][];
}

const ZONE = 'import-x/no-restricted-paths';

const cases: Array<[string, Case, string[]]> = [
  [
    'a widget reading the store',
    {
      file: 'src/widgets/Probe/Probe.tsx',
      code: "export { createAppStore } from '../../store/createStore';\n",
    },
    [ZONE],
  ],
  [
    'a widget using src/lib',
    { file: 'src/widgets/Probe/Probe.tsx', code: "export { DECIMAL_SIZE_UNITS } from '../../lib/format';\n" },
    [],
  ],
  [
    'a machine importing a slice',
    {
      file: 'machines/probe.machine.ts',
      code: "export { menuLoaded } from '../src/store/slices/menu.slice';\n",
    },
    [ZONE],
  ],
  [
    'a machine importing a package other than xstate',
    { file: 'machines/probe.machine.ts', code: "export { createSlice } from '@reduxjs/toolkit';\n" },
    ['no-restricted-imports'],
  ],
  [
    'a machine importing xstate and src/shared',
    {
      file: 'machines/probe.machine.ts',
      code: "export { setup } from 'xstate';\nexport { joinPath } from '../src/shared/paths';\n",
    },
    [],
  ],
  [
    'a page importing a saga',
    {
      file: 'src/app/pages/probe/ProbePage.tsx',
      code: "export { menuSaga } from '../../../../sagas/menu.saga';\n",
    },
    [ZONE],
  ],
  [
    'a page importing the HTTP client, even for a type',
    {
      file: 'src/app/pages/probe/ProbePage.tsx',
      code: "export type { ApiClient } from '../../../api/client';\n",
    },
    [ZONE],
  ],
  [
    'a page calling fetch and writing a cookie',
    {
      file: 'src/app/pages/probe/ProbePage.tsx',
      code: "export const probe = () => {\n  document.cookie = 'a=1';\n  return fetch('/api/');\n};\n",
    },
    ['no-restricted-properties', 'no-restricted-globals'],
  ],
  [
    'a page writing an API path (a `path:` template, an /api/ template, apiUrl)',
    {
      file: 'src/app/pages/probe/ProbePage.tsx',
      code:
        "import { apiUrl } from '../../../shared/paths';\n" +
        "export const probe = (id: string) => [{ path: `users/${id}` }, `/api/users/${id}`, apiUrl('/api/', id)];\n",
    },
    ['no-restricted-syntax'],
  ],
  [
    'a saga writing an API path (a `path:` template, an /api/ template, apiUrl, joinPath)',
    {
      file: 'sagas/probe.saga.ts',
      code:
        "import { apiUrl, joinPath } from '../src/shared/paths';\n" +
        'export const probe = (id: string) => [{ path: `users/${id}` }, `/api/users/${id}`, ' +
        "apiUrl('/api/', id), joinPath('/api/', id)];\n",
    },
    ['no-restricted-syntax'],
  ],
  [
    'a saga calling the client by URL',
    {
      file: 'sagas/probe.saga.ts',
      code:
        "import type { ApiClient } from '../src/api/client';\n" +
        "export const probe = (api: ApiClient) => api.get('users/me');\n",
    },
    ['no-restricted-syntax'],
  ],
  [
    'a saga calling an endpoint through its descriptor',
    {
      file: 'sagas/probe.saga.ts',
      code:
        "import type { ApiClient } from '../src/api/client';\n" +
        "import { getInterfaces } from '../src/shared/contracts/network';\n" +
        "export const probe = (api: ApiClient) => api.call(getInterfaces, {}, { apiBase: '/api/' });\n",
    },
    [],
  ],
  [
    'the resources saga writing an API path template (its exception is the key its action carries)',
    {
      file: 'sagas/resources.saga.ts',
      code: 'export const probe = (id: string) => ({ path: `users/${id}` });\n',
    },
    ['no-restricted-syntax'],
  ],
  [
    'a page using localStorage',
    {
      file: 'src/app/layout/Probe.tsx',
      code: "export const probe = () => localStorage.getItem('a');\n",
    },
    ['no-restricted-globals'],
  ],
  [
    'the appliance kernel importing a feature',
    {
      file: 'src/appliance/apply/probe.ts',
      code: "export { registerDns } from '../dns';\n",
    },
    [ZONE],
  ],
  [
    'an appliance feature importing another feature',
    {
      file: 'src/appliance/ssh/probe.ts',
      code: "export { readSettings } from '../dns/proxy';\n",
    },
    [ZONE],
  ],
  [
    'an appliance feature importing the kernel and src/lib',
    {
      file: 'src/appliance/ssh/probe.ts',
      code: "export { currentUser } from '../auth/guards';\nexport { isIpv6 } from '../../lib/validation/validators';\n",
    },
    [],
  ],
  [
    'a new kernel module at the top of the appliance importing a feature',
    { file: 'src/appliance/probe.ts', code: "export { readSshSettings } from './ssh/config';\n" },
    [ZONE],
  ],
  [
    'the assembly mounting the features',
    {
      file: 'src/appliance/index.ts',
      code: "export { registerDns } from './dns';\nexport { registerSsh } from './ssh';\n",
    },
    [],
  ],
  [
    'the auth core (kernel) importing the authentication feature',
    {
      file: 'src/appliance/auth/probe.ts',
      code: "export { recordLogin } from '../users/history';\n",
    },
    [ZONE],
  ],
];

describe('lint zones', () => {
  it('refuses what each allow-list leaves out and passes what it allows', () => {
    const results = lint(cases.map(([, c]) => c));
    const seen = cases.map(([name], i) => [name, [...new Set(results[i])].sort()]);
    expect(seen).toEqual(cases.map(([name, , rules]) => [name, [...rules].sort()]));
  }, 120_000);
});
