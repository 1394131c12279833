/** @jest-environment jsdom */
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { axe } from 'jest-axe';
import { createActor, fromPromise } from 'xstate';
import { loginMachine } from '../../../machines/login.machine';
import { DEFAULT_SETUP, type LoginCredentials, type LoginResult } from '../../../src/identity/localAuth';
import { inspect, startInspection } from '../../../src/qa/inspect';
import { installQaPanel } from '../../../src/qa/panel/install';

/** The page's login actor, created before the panel's chunk is loaded (as on a real page). */
const login = loginMachine.provide({
  actors: {
    loadSetup: fromPromise(async () => DEFAULT_SETUP),
    login: fromPromise<LoginResult, LoginCredentials>(() => new Promise(() => {})),
  },
});

describe('QA panel', () => {
  it('lists the running actors of the page, their state and recent events, and opens one live', async () => {
    startInspection();
    const actor = createActor(login, { input: { bearerMode: false }, inspect }).start();
    installQaPanel();
    const user = userEvent.setup();
    const before = document.createElement('button');
    document.body.appendChild(before);
    before.focus();

    expect(screen.queryByRole('dialog')).toBeNull();
    await user.keyboard('{Control>}{Alt>}q{/Alt}{/Control}');
    const panel = await screen.findByRole('dialog', { name: 'Running actors' });
    expect(within(panel).getByRole('heading', { name: 'Running actors' })).toHaveFocus();

    const row = () => within(panel).getByRole('row', { name: /^login/ });
    await waitFor(() => expect(within(row()).getByText(/"step":"username"/)).toBeInTheDocument());
    expect(row()).toHaveTextContent('"setup":"loaded"');

    // A step of the page's actor shows up in the list while the panel is open.
    act(() => actor.send({ type: 'user.next', username: 'admin' }));
    expect(row()).toHaveTextContent('"step":"password"');
    expect(row()).toHaveTextContent('user.next');

    // The live chart of that actor: its state, and its events sent to the page's own actor.
    await user.click(within(row()).getByRole('button', { name: 'Chart of login' }));
    const state = await screen.findByRole('region', { name: 'Current state' });
    expect(state).toHaveTextContent('"step":"password"');
    await user.click(
      within(screen.getByRole('region', { name: 'Events' })).getByRole('button', { name: 'user.back' }),
    );
    expect(actor.getSnapshot().value).toEqual({ setup: 'loaded', step: 'username' });
    expect(screen.getByRole('region', { name: 'Current state' })).toHaveTextContent('"step":"username"');
    expect((await axe(panel)).violations).toEqual([]);

    // A stopped actor leaves the list; Escape closes the panel and focus goes back.
    act(() => actor.stop());
    act(() =>
      createActor(login, { input: { bearerMode: true }, inspect })
        .start()
        .stop(),
    );
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(before).toHaveFocus();
    await user.keyboard('{Control>}{Alt>}q{/Alt}{/Control}');
    expect(await screen.findByText('No actor is running on this page.')).toBeInTheDocument();
  });
});
