/** @jest-environment jsdom */
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { windowsSaga } from '../../sagas/windows.saga';
import { WindowsHub } from '../../src/windows/WindowsHub';
import { clampPosition, KEYBOARD_MOVE_STEP_PX } from '../../src/windows/WindowFrame';
import { registerWindowContent } from '../../src/windows/registry';
import {
  EVENT_STREAM_REFUSAL,
  MAX_EVENT_STREAM_WINDOWS,
  WINDOWS_MARGIN_PX,
  type WindowSpec,
} from '../../src/windows/types';
import { openWindow } from '../../src/store/slices/windows.slice';
import { fakeApi, makeTestStore } from '../sagas/fakes';
import { seriousViolations } from '../notifications/a11y';

registerWindowContent('Echo', ({ data }) => <p>Echo {String(data?.text ?? '')}</p>);

function setup() {
  const store = makeTestStore({ api: fakeApi({}).api });
  store.runSaga(windowsSaga);
  const user = userEvent.setup();
  const view = render(
    <Provider store={store}>
      <div className="core-layout__body">
        <main id="main-content" tabIndex={-1}>
          content
        </main>
        <WindowsHub />
      </div>
    </Provider>,
  );
  const open = (spec: Partial<WindowSpec> & { id: string }) =>
    act(
      () => void store.dispatch(openWindow({ componentName: 'Echo', title: spec.id.toUpperCase(), ...spec })),
    );
  return { store, user, view, open, body: view.container.querySelector('.core-layout__body')! };
}

test('a right window docks in the column and marks the layout body so the content narrows', () => {
  const { open, body, store } = setup();
  expect(body).not.toHaveAttribute('data-windows-right');
  open({ id: 'logs', data: { text: 'hi' } });
  const column = screen.getByRole('complementary', { name: 'Side window' });
  expect(within(column).getByRole('dialog', { name: 'LOGS' })).toHaveTextContent('Echo hi');
  expect(body).toHaveAttribute('data-windows-right', 'open');
  act(
    () =>
      void store.dispatch({
        type: 'windows/windowsEventSent',
        payload: { type: 'window.toggleExtended', id: 'logs' },
      }),
  );
  expect(body).toHaveAttribute('data-windows-right', 'extended');
});

test('a new right window iconizes the other; the dock restores it to the right on click', async () => {
  const { open, user } = setup();
  open({ id: 'a' });
  open({ id: 'b' });
  expect(screen.getByRole('dialog', { name: 'B' })).toBeInTheDocument();
  expect(screen.queryByRole('dialog', { name: 'A' })).toBeNull();
  await user.click(
    within(screen.getByRole('navigation', { name: 'Minimised windows' })).getByRole('button', {
      name: 'Restore A',
    }),
  );
  expect(within(screen.getByRole('complementary')).getByRole('dialog', { name: 'A' })).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Restore B' })).toBeInTheDocument();
});

test('the active window takes focus; Escape inside a window closes it and activates the next one', async () => {
  const { open, user, body } = setup();
  open({ id: 'a', aspect: 'floating' });
  open({ id: 'b', aspect: 'floating' });
  expect(screen.getByRole('dialog', { name: 'B' })).toHaveFocus();
  await user.keyboard('{Escape}');
  expect(screen.queryByRole('dialog', { name: 'B' })).toBeNull();
  expect(screen.getByRole('dialog', { name: 'A' })).toHaveFocus();
  await user.keyboard('{Escape}');
  expect(screen.queryAllByRole('dialog')).toHaveLength(0);
  expect(body).not.toHaveAttribute('data-windows-right');
});

test('buttons minimise, float, dock and close a window by keyboard', async () => {
  const { open, user } = setup();
  open({ id: 'a' });
  screen.getByRole('button', { name: 'Float A' }).focus();
  await user.keyboard('{Enter}');
  const floating = screen.getByRole('dialog', { name: 'A' });
  expect(floating).toHaveClass('window--floating');
  screen.getByRole('button', { name: 'Dock A on the right' }).focus();
  await user.keyboard('{Enter}');
  expect(screen.getByRole('dialog', { name: 'A' })).toHaveClass('window--right');
  await user.click(screen.getByRole('button', { name: 'Minimise A' }));
  expect(screen.queryByRole('dialog', { name: 'A' })).toBeNull();
  await user.click(screen.getByRole('button', { name: 'Restore A' }));
  await user.click(screen.getByRole('button', { name: 'Close A' }));
  expect(screen.queryByRole('dialog')).toBeNull();
});

test('F6 and Shift+F6 cycle focus through the page content and the open windows', async () => {
  const { open, user } = setup();
  open({ id: 'a' });
  open({ id: 'f', aspect: 'floating' });
  const main = screen.getByRole('main');
  const right = screen.getByRole('dialog', { name: 'A' });
  const floating = screen.getByRole('dialog', { name: 'F' });
  expect(floating).toHaveFocus();
  await user.keyboard('{F6}');
  expect(main).toHaveFocus();
  await user.keyboard('{F6}');
  expect(right).toHaveFocus();
  await user.keyboard('{Shift>}{F6}{/Shift}');
  expect(main).toHaveFocus();
});

test('a window that does not allow iconization has no minimise button', () => {
  const { open } = setup();
  open({ id: 'a', prefs: { allowIconization: false } });
  expect(screen.queryByRole('button', { name: 'Minimise A' })).toBeNull();
});

test('a floating window moves with the arrow keys on its title bar, and by dragging', async () => {
  const { open, user, store } = setup();
  open({ id: 'a', aspect: 'floating', position: { x: 100, y: 100 } });
  const handle = screen.getByLabelText('Move A with the arrow keys');
  handle.focus();
  await user.keyboard('{ArrowRight}{ArrowDown}{ArrowDown}');
  expect(store.getState().windows.context.windows[0].position).toEqual({
    x: 100 + KEYBOARD_MOVE_STEP_PX,
    y: 100 + 2 * KEYBOARD_MOVE_STEP_PX,
  });
  await user.pointer([
    { keys: '[MouseLeft>]', target: handle, coords: { clientX: 120, clientY: 130 } },
    { target: handle, coords: { clientX: 220, clientY: 180 } },
    { keys: '[/MouseLeft]', target: handle },
  ]);
  expect(store.getState().windows.context.windows[0].position).toEqual({ x: 210, y: 170 });
  expect(screen.getByRole('dialog', { name: 'A' }).style.left).toBe('210px');
});

test(`a fifth event-stream window is refused with a notice about the browser's limit`, () => {
  const { open, store } = setup();
  for (let i = 0; i < MAX_EVENT_STREAM_WINDOWS + 1; i++)
    open({ id: `live${i}`, aspect: 'floating', usesEventsStream: true });
  expect(store.getState().windows.context.windows).toHaveLength(MAX_EVENT_STREAM_WINDOWS);
  expect(store.getState().notifications.toasts).toEqual([
    expect.objectContaining({ level: 'warning', message: EVENT_STREAM_REFUSAL }),
  ]);
  open({ id: 'plain', aspect: 'floating' });
  expect(store.getState().notifications.toasts).toHaveLength(1);
});

test.each([
  [
    { x: -50, y: -50 },
    { x: WINDOWS_MARGIN_PX, y: WINDOWS_MARGIN_PX },
  ],
  [
    { x: 5000, y: 5000 },
    { x: 1000 - 300 - WINDOWS_MARGIN_PX, y: 800 - 200 - WINDOWS_MARGIN_PX },
  ],
  [
    { x: 100.4, y: 200.6 },
    { x: 100, y: 201 },
  ],
])('clampPosition keeps %j inside the viewport with the 10 px margin → %j', (p, expected) => {
  expect(clampPosition(p, { width: 300, height: 200 }, { width: 1000, height: 800 })).toEqual(expected);
});

test('has no serious accessibility violations', async () => {
  const { open, view } = setup();
  open({ id: 'a' });
  open({ id: 'b', aspect: 'floating' });
  open({ id: 'c' });
  expect(await seriousViolations(view.container)).toEqual([]);
});
