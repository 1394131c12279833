/** @jest-environment ./test/support/jsdom-environment.js */
/**
 * Hydration against the state the server rendered from: while the page's chunks load, sagas may already change the
 * store (here: the active job the progress saga reattaches to). The page still hydrates without a mismatch, then
 * shows the change as an ordinary update.
 */
import { screen } from '@testing-library/react';
import { act } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { AppProviders } from '../../src/app/AppProviders';
import { ProgressOverlay } from '../../src/progress/ProgressOverlay';
import { progressJobStarted } from '../../src/store/slices/progress.slice';
import { fakeApi, makeTestStore } from '../sagas/fakes';

let root: Root | null = null;
afterEach(() => {
  act(() => root?.unmount());
  root = null;
  document.body.innerHTML = '';
});

function Page() {
  return (
    <main>
      <h1>History</h1>
      <ProgressOverlay />
    </main>
  );
}

it('hydrates from the server’s state when a saga changed the store before hydration, then shows the change', async () => {
  const { api } = fakeApi({});
  const services = { api, origin: 'http://localhost' };
  const server = makeTestStore({ api });
  const container = document.createElement('div');
  document.body.append(container);
  container.innerHTML = renderToString(
    <AppProviders store={server} services={services}>
      <Page />
    </AppProviders>,
  );
  expect(container.querySelector('[role=dialog]')).toBeNull();

  const browser = makeTestStore({ api, state: server.getState() });
  const serverState = browser.getState();
  // The progress saga found a running job before the page hydrated.
  browser.dispatch(progressJobStarted({ id: 'job-1', dataType: 'config' }));

  const mismatches: unknown[] = [];
  await act(async () => {
    root = hydrateRoot(
      container,
      <AppProviders store={browser} services={services} serverState={serverState}>
        <Page />
      </AppProviders>,
      { onRecoverableError: (error) => mismatches.push(error) },
    );
  });
  expect(mismatches).toEqual([]);
  expect(await screen.findByRole('dialog', { name: 'Applying configuration' })).toBeVisible();
  expect(screen.getByRole('heading', { level: 1, name: 'History' })).toBeVisible();
});
