/**
 * The routes of scripts with a size budget (src/shared/contracts/routes.ts, shell.ts): they carry no TypeBox and no
 * contract schemas into those scripts, and each is the method and path of its contract's endpoint.
 */
import fs from 'node:fs';
import path from 'node:path';
import * as alerts from '../../../src/shared/contracts/alerts';
import * as apply from '../../../src/shared/contracts/apply';
import * as authentication from '../../../src/shared/contracts/authentication';
import * as coreShell from '../../../src/shared/contracts/coreShell';
import * as consoleContract from '../../../src/shared/contracts/console';
import * as logs from '../../../src/shared/contracts/logs';
import * as pki from '../../../src/shared/contracts/pki';
import * as network from '../../../src/shared/contracts/network';
import * as shell from '../../../src/shared/contracts/shell';
import * as system from '../../../src/shared/contracts/system';
import * as values from '../../../src/shared/contracts/values';

const dir = path.resolve(__dirname, '../../../src/shared/contracts');
/** The modules a file imports at run time (`import type` and `export type` left out). */
const runtimeImports = (file: string) =>
  [
    ...fs
      .readFileSync(path.join(dir, file), 'utf8')
      .matchAll(/^(?:import|export)\s+(?!type\b)[^;]*?from\s+'([^']+)'/gms),
  ].map((m) => m[1]);

it('imports no contract module and no TypeBox at run time', () => {
  expect(runtimeImports('routes.ts')).toEqual([]);
  expect(runtimeImports('values.ts')).toEqual([]);
  expect(runtimeImports('coreRoutes.ts')).toEqual([]);
  expect(runtimeImports('coreShell.ts')).toEqual(['./coreRoutes']);
  expect(runtimeImports('shell.ts')).toEqual(['./routes']);
});

it('gives each endpoint’s own method and path, and whether it takes a form', () => {
  const contracts: Record<string, { method: string; path: string; form?: true }> = {
    ...alerts,
    ...apply,
    ...authentication,
    ...consoleContract,
    ...logs,
    ...pki,
    ...network,
    ...system,
  } as unknown as Record<string, { method: string; path: string; form?: true }>;
  const routes = Object.entries({ ...shell, ...coreShell } as Record<
    string,
    { method?: string; path: string; form?: true }
  >);
  expect(routes.length).toBeGreaterThan(5);
  for (const [name, route] of routes)
    expect([name, route.method, route.path, route.form]).toEqual([
      name,
      contracts[name].method,
      contracts[name].path,
      contracts[name].form,
    ]);
});

it('gives the contracts the same fixed lists of values they enumerate', () => {
  expect(alerts.SEVERITY_LABELS).toBe(values.SEVERITY_LABELS);
  expect(Object.keys(values.SEVERITY_LABELS)).toEqual([...values.ALERT_SEVERITIES]);
  expect(system.getImage.params?.properties.slot.enum).toEqual([...values.IMAGE_SLOTS]);
});
