/** @jest-environment ./test/support/jsdom-environment.js */
/**
 * A form's rules load with the form (src/app/forms/lazyRules.ts): its page's modules never import Yup or the
 * contract rules, the form fetches its rules module on idle, on focus or as its dialog opens, and until they arrive
 * the form sends what was typed and the appliance's answer marks the fields.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Formik } from 'formik';
import { object, string } from 'yup';
import { Form } from '../../../src/app/forms/Form';
import { rulesModule, useRules, type RulesModule } from '../../../src/app/forms/lazyRules';
import {
  NETWORK_PREFERENCES_KEY,
  NetworkPreferencesPage,
} from '../../../src/app/pages/network/NetworkPreferences';
import { ApiError } from '../../../src/api/errors';
import { resourcesState } from '../../../stories/pages/fixtures';
import { fakeApi } from '../../sagas/fakes';
import { renderPage } from '../pages/dns/renderPage';

const SRC = join(__dirname, '../../../src');
const APP = join(SRC, 'app');

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sources(path);
    return /\.tsx?$/.test(name) ? [path] : [];
  });
}

/** A module's static value imports (not `import type`, not `import()`), resolved to files where relative. */
function staticImports(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  return [...text.matchAll(/^import\s+(?!type\b)[^;]*?from\s+'([^']+)'/gms)].map(([, spec]) => {
    if (!spec.startsWith('.')) return spec;
    const base = resolve(dirname(file), spec);
    const found = ['.ts', '.tsx', '/index.ts', '/index.tsx']
      .map((ext) => base + ext)
      .find((f) => {
        try {
          return statSync(f).isFile();
        } catch {
          return false;
        }
      });
    return found ?? base;
  });
}

describe('no page loads Yup or the contract rules with its first script', () => {
  const files = sources(APP);
  const yupModules = ['yup', join(APP, 'forms/contractRules.ts'), join(SRC, 'lib/validation/yup.ts')];
  // The identity flows' screens build their rules from the flow's nodes (the account pages' own budget).
  const ownYup = /^pages\/account\//;
  const isRulesModule = (f: string) => /Rules\.ts$/.test(f) && f !== 'forms/contractRules.ts';
  const holding = new Set(
    files.filter((f) => staticImports(f).some((i) => yupModules.includes(i))).map((f) => relative(APP, f)),
  );

  it('only rules modules (named …Rules.ts) and the account screens import Yup or the contract rules', () => {
    const others = [...holding].filter(
      (f) => !isRulesModule(f) && !ownYup.test(f) && f !== 'forms/contractRules.ts',
    );
    expect(others.sort()).toEqual([]);
  });

  it('a rules module is imported by no module but another rules module: the forms fetch it with import()', () => {
    const rules = new Set([...holding].filter(isRulesModule).map((f) => join(APP, f)));
    expect(rules.size).toBeGreaterThan(20);
    const statically = files.flatMap((f) =>
      holding.has(relative(APP, f))
        ? []
        : staticImports(f)
            .filter((i) => rules.has(i))
            .map((i) => `${relative(APP, f)} → ${relative(APP, i)}`),
    );
    expect(statically).toEqual([]);
  });

  it('every rules module is fetched by a form', () => {
    const text = files.map((f) => readFileSync(f, 'utf8')).join('\n');
    const unfetched = [...holding]
      .filter(isRulesModule)
      .filter((f) => !text.includes(`import('./${f.replace(/^.*\//, '').replace(/\.ts$/, '')}')`));
    expect(unfetched).toEqual([]);
  });
});

// ——— The hook ———

const nameSchema = object({ name: string().required('Enter a name.') });

/** A rules module whose fetch the test settles (or fails) by hand. */
function heldRules() {
  const pending: Array<{ resolve: (m: typeof nameSchema) => void; reject: (e: Error) => void }> = [];
  const load = jest.fn(
    () =>
      new Promise<typeof nameSchema>((resolve, reject) => {
        pending.push({ resolve, reject });
      }),
  );
  return { rules: rulesModule(load), load, pending };
}

function NameForm({
  rules,
  when,
  onSubmit,
}: {
  rules: RulesModule<typeof nameSchema>;
  when?: 'idle' | 'open';
  onSubmit: (v: { name: string }) => void;
}) {
  const { module, fetch } = useRules(rules, when);
  return (
    <Formik initialValues={{ name: '' }} validationSchema={module} onSubmit={onSubmit}>
      {({ errors, values, handleChange }) => (
        <Form noValidate aria-label="Name" onFocus={fetch}>
          <label>
            Name
            <input name="name" value={values.name} onChange={handleChange} />
          </label>
          {errors.name ? <p role="alert">{errors.name}</p> : null}
          <button type="submit">Save</button>
        </Form>
      )}
    </Formik>
  );
}

describe('useRules', () => {
  afterEach(() => jest.useRealTimers());

  it('fetches the rules once the page is idle, not while it renders', async () => {
    jest.useFakeTimers();
    const { rules, load } = heldRules();
    render(<NameForm rules={rules} onSubmit={jest.fn()} />);
    expect(load).not.toHaveBeenCalled();
    await act(async () => {
      await jest.runAllTimersAsync();
    });
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('a dialog fetches them as it opens; a focus fetches them at once, and only once', async () => {
    const opened = heldRules();
    render(<NameForm rules={opened.rules} when="open" onSubmit={jest.fn()} />);
    expect(opened.load).toHaveBeenCalledTimes(1);

    const focused = heldRules();
    const user = userEvent.setup();
    render(<NameForm rules={focused.rules} onSubmit={jest.fn()} />);
    await user.click(screen.getAllByRole('textbox', { name: 'Name' })[1]);
    await user.tab();
    await user.click(screen.getAllByRole('textbox', { name: 'Name' })[1]);
    expect(focused.load).toHaveBeenCalledTimes(1);
  });

  it('before the rules arrive the form sends what was typed; once they have, it checks before sending', async () => {
    const { rules, pending } = heldRules();
    const onSubmit = jest.fn();
    const user = userEvent.setup();
    render(<NameForm rules={rules} when="open" onSubmit={onSubmit} />);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    // No rules yet: the appliance judges (its 422 items are shown on the fields, as for any save).
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(screen.queryByRole('alert')).toBeNull();

    await act(async () => pending[0].resolve(nameSchema));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Enter a name.');
    expect(onSubmit).toHaveBeenCalledTimes(1);
  });

  it('a form mounted after the rules arrived has them from its first render', async () => {
    const { rules, pending } = heldRules();
    const first = render(<NameForm rules={rules} when="open" onSubmit={jest.fn()} />);
    await act(async () => pending[0].resolve(nameSchema));
    first.unmount();
    const onSubmit = jest.fn();
    const user = userEvent.setup();
    render(<NameForm rules={rules} onSubmit={onSubmit} />);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Enter a name.');
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('a failed fetch leaves the form to the appliance and is tried again on the next focus', async () => {
    const { rules, load, pending } = heldRules();
    const user = userEvent.setup();
    render(<NameForm rules={rules} when="open" onSubmit={jest.fn()} />);
    await act(async () => pending[0].reject(new Error('chunk failed')));
    await user.click(screen.getByRole('textbox', { name: 'Name' }));
    expect(load).toHaveBeenCalledTimes(2);
    await act(async () => pending[1].resolve(nameSchema));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Enter a name.');
  });
});

// ——— A page whose form's rules never arrive (their chunk failed to load) ———

jest.mock('../../../src/app/pages/network/preferencesRules', () => {
  throw new Error('the rules chunk failed to load');
});

describe('the network preferences form without its rules', () => {
  it('sends what was typed, and the appliance’s 422 items are shown on their fields', async () => {
    const answer = {
      data: { hostname: 'gw', domain: 'example.net', dns_servers: [], ntp_servers: [], timezone: 'UTC' },
      saved: true,
      updated_at: 1_763_800_000,
      updated_by: 'admin',
      status: { pending_changes: false, applied_at: null, applied_by: null },
      time_zones: ['UTC'],
    };
    const { api, calls } = fakeApi({
      'GET /api/network/preferences': () => answer,
      'GET /api/network/preferences/preview': () => ({ files: [], pending_changes: false, applied_at: null }),
      'PUT /api/network/preferences': () => {
        throw new ApiError({
          kind: 'bad_request',
          status: 422,
          message: 'Request failed with status code 422',
          url: '/api/network/preferences',
          method: 'PUT',
          data: { detail: [{ loc: ['body', 'hostname'], msg: 'must be a hostname', type: 'value_error' }] },
        });
      },
    });
    renderPage(<NetworkPreferencesPage />, {
      api,
      path: '/network/preferences',
      state: {
        session: { loggedIn: true, user: { username: 'admin', role: 'admin', privileges: {} } },
        ...resourcesState({ [NETWORK_PREFERENCES_KEY]: answer }),
      } as never,
    });
    const user = userEvent.setup();
    const host = screen.getByRole('textbox', { name: /Host name/ });
    await user.clear(host);
    await user.type(host, 'bad_host');
    await user.click(screen.getByRole('button', { name: 'Save preferences' }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(1));
    expect(calls.find((c) => c.method === 'PUT')?.body).toMatchObject({ hostname: 'bad_host' });
    await waitFor(() => expect(host).toHaveAccessibleDescription(/must be a hostname/));
    // What was typed is kept.
    expect(host).toHaveValue('bad_host');
  });
});
