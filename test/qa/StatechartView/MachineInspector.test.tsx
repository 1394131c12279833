/** @jest-environment jsdom */
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { axe } from 'jest-axe';
import { assign, setup } from 'xstate';
import { MachineInspector } from '../../../src/qa/StatechartView';
import { parsePayload } from '../../../src/qa/StatechartView/InspectorPanel';

const counter = setup({
  types: {
    context: {} as { name: string; count: number },
    events: {} as { type: 'start' } | { type: 'rename'; name: string } | { type: 'stop' },
  },
  actions: { rename: assign({ name: ({ event }) => (event.type === 'rename' ? event.name : '') }) },
}).createMachine({
  id: 'counter',
  context: { name: 'none', count: 0 },
  initial: 'idle',
  states: {
    idle: { on: { start: 'running' } },
    running: {
      entry: assign({ count: ({ context }) => context.count + 1 }),
      on: { rename: { actions: 'rename' }, stop: 'idle' },
    },
  },
});

const currentState = () => within(screen.getByRole('region', { name: 'Current state' })).getByText(/^"/);
const history = () => within(screen.getByRole('region', { name: 'History' })).getAllByRole('listitem');

describe('machine inspector', () => {
  it('sends the enabled events, shows the context and the history, and steps back', async () => {
    const user = userEvent.setup();
    const { container } = render(<MachineInspector machine={counter} title="Counter" />);
    expect(currentState()).toHaveTextContent('"idle"');
    const events = screen.getByRole('region', { name: 'Events' });
    expect(
      within(events)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['start']);

    await user.click(within(events).getByRole('button', { name: 'start' }));
    expect(currentState()).toHaveTextContent('"running"');
    expect(
      within(events)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['rename', 'stop']);

    await user.type(screen.getByLabelText(/Event payload/), '{{"name": "probe"}');
    await user.click(within(events).getByRole('button', { name: 'rename' }));
    const context = within(screen.getByRole('region', { name: 'Context' })).getByText(/"count"/);
    expect(JSON.parse(context.textContent!)).toEqual({ name: 'probe', count: 1 });
    expect(history().map((li) => li.textContent?.slice(0, li.textContent.indexOf('→')).trim())).toEqual([
      'xstate.init',
      'start',
      'rename',
    ]);

    await user.click(screen.getByRole('button', { name: 'Step back to "running" (step 2)' }));
    expect(
      JSON.parse(within(screen.getByRole('region', { name: 'Context' })).getByText(/"count"/).textContent!),
    ).toEqual({
      name: 'none',
      count: 1,
    });
    expect(history()).toHaveLength(2);

    // The chart is laid out and highlights the current state.
    await waitFor(() => expect(container.querySelector('[data-state="counter.running"]')).not.toBeNull());
    expect(
      container.querySelector('.statechart__state--active[data-state="counter.running"]'),
    ).not.toBeNull();
    expect(container.querySelector('.statechart__state--active[data-state="counter.idle"]')).toBeNull();
    expect((await axe(container)).violations).toEqual([]);
  });

  it('refuses a payload that is not a JSON object, saying why', async () => {
    const user = userEvent.setup();
    render(<MachineInspector machine={counter} title="Counter" />);
    await user.type(screen.getByLabelText(/Event payload/), '[[1]');
    await user.click(screen.getByRole('button', { name: 'start' }));
    expect(screen.getByRole('alert')).toHaveTextContent('must be a JSON object');
    expect(currentState()).toHaveTextContent('"idle"');
  });

  it('reads payloads', () => {
    expect(parsePayload('')).toEqual({ ok: true, payload: {} });
    expect(parsePayload('{"a": 1}')).toEqual({ ok: true, payload: { a: 1 } });
    expect(parsePayload('{"type": "x"}').ok).toBe(false);
    expect(parsePayload('{').ok).toBe(false);
  });
});
