/** @jest-environment jsdom */
/**
 * The live log in a floating window, opened from the log report: it opens clear of the navigation (top bar and
 * menu) and follows the report's filters until told not to.
 */
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import type { ApiClient } from '../../../../src/api/client';
import { LogReport } from '../../../../src/app/pages/logs/LogReport';
import { LOG_TAIL_WINDOW, LogTailWindow } from '../../../../src/app/pages/logs/LogTailWindow';
import { LOG_SERVICES } from '../../../../src/shared/logServices';
import { createAppStore } from '../../../../src/store/createStore';
import { logStreamSaga, type EventSourceLike } from '../../../../sagas/logStream.saga';
import { logTailSaga } from '../../../../sagas/logTail.saga';
import { windowsSaga } from '../../../../sagas/windows.saga';
import { registerWindowContent } from '../../../../src/windows/registry';
import { WindowsHub } from '../../../../src/windows/WindowsHub';
import { ASSUMED_WINDOW_HEIGHT_PX } from '../../../../src/windows/placement';

registerWindowContent(LOG_TAIL_WINDOW, LogTailWindow);

class FakeEventSource implements EventSourceLike {
  readyState = 1;
  closed = false;
  constructor(readonly url: string) {}
  addEventListener() {}
  close() {
    this.closed = true;
  }
}

const rect = (left: number, top: number, width: number, height: number) =>
  ({ left, top, right: left + width, bottom: top + height, width, height, x: left, y: top }) as DOMRect;
const BAR = rect(0, 0, 1366, 56);
const MENU = rect(0, 56, 240, 794);
const intersects = (a: DOMRect, b: DOMRect) =>
  a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;

function setup() {
  window.innerWidth = 1366;
  window.innerHeight = 850;
  const sources: FakeEventSource[] = [];
  const store = createAppStore({
    context: {
      api: {} as ApiClient,
      platform: 'browser',
      eventSource: (url: string) => (sources.push(new FakeEventSource(url)), sources.at(-1)!),
    },
  });
  const tasks = [store.runSaga(logStreamSaga), store.runSaga(logTailSaga), store.runSaga(windowsSaga)];
  render(
    <Provider store={store}>
      <header role="banner" ref={(el) => void (el && (el.getBoundingClientRect = () => BAR))}>
        Rampart
      </header>
      <div className="core-layout__body">
        <nav
          id="context-bar"
          aria-label="Menu"
          ref={(el) => void (el && (el.getBoundingClientRect = () => MENU))}
        >
          menu
        </nav>
        <main id="main-content" tabIndex={-1}>
          <LogReport onExport={jest.fn()} />
        </main>
        <WindowsHub />
      </div>
    </Provider>,
  );
  // A floating window measures 420 × 300 px.
  const frameRect = jest.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(function (
    this: HTMLElement,
  ) {
    return this.matches('[data-window-id]') ? rect(0, 0, 420, 300) : rect(0, 0, 0, 0);
  });
  return {
    sources,
    user: userEvent.setup(),
    stop: () => (tasks.forEach((t) => t.cancel()), frameRect.mockRestore()),
  };
}

test('opens where it covers neither the top bar nor the menu', async () => {
  const { user, stop } = setup();
  await user.click(screen.getByRole('button', { name: 'Open in a window' }));
  const win = screen.getByRole('dialog', { name: 'Live log: all services' });
  const left = parseFloat(win.style.left);
  const top = parseFloat(win.style.top);
  // The window's box, as tall as a full tail (the content is still loading when it is placed).
  const box = rect(left, top, 420, ASSUMED_WINDOW_HEIGHT_PX);
  expect(intersects(box, MENU)).toBe(false);
  expect(intersects(box, BAR)).toBe(false);
  expect(box.right).toBeLessThanOrEqual(1366);
  expect(box.bottom).toBeLessThanOrEqual(850);
  stop();
});

test("follows the page's filters, and keeps its own once unticked", async () => {
  const { user, sources, stop } = setup();
  await user.click(screen.getByRole('button', { name: 'Open in a window' }));
  const win = screen.getByRole('dialog', { name: 'Live log: all services' });
  const follow = within(win).getByRole('checkbox', { name: "Follow the page's filters" });
  expect(follow).toBeChecked();
  const tailStreams = () => sources.filter((s) => !s.closed && sources.indexOf(s) > 0);

  // The report narrows to dns and ssh: the window's stream and title follow.
  await user.click(screen.getByRole('button', { name: 'Filters' }));
  for (const s of LOG_SERVICES.filter((s) => s !== 'dns' && s !== 'ssh'))
    await user.click(screen.getByRole('checkbox', { name: s }));
  await user.click(screen.getByRole('button', { name: 'Apply filters' }));
  expect(screen.getByRole('dialog', { name: 'Live log: dns, ssh' })).toBeInTheDocument();
  expect(
    within(screen.getByRole('dialog', { name: 'Live log: dns, ssh' })).getByRole('status'),
  ).toHaveTextContent('dns, ssh');
  expect(tailStreams().some((s) => /services=dns&services=ssh/.test(s.url))).toBe(true);

  // And the keyword searched in the report.
  await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'refused');
  const narrowed = await screen.findByRole('dialog', { name: 'Live log: dns, ssh · “refused”' });
  await user.clear(screen.getByRole('searchbox', { name: 'Search' }));
  expect(await screen.findByRole('dialog', { name: 'Live log: dns, ssh' })).toBe(narrowed);

  // Unticked, it keeps dns and ssh whatever the report shows next.
  await user.click(within(screen.getByRole('dialog', { name: 'Live log: dns, ssh' })).getByRole('checkbox'));
  await user.click(screen.getByRole('button', { name: 'Reset' }));
  await act(async () => {});
  expect(screen.getByRole('dialog', { name: 'Live log: dns, ssh' })).toBeInTheDocument();
  expect(screen.queryByRole('dialog', { name: 'Live log: all services' })).toBeNull();
  stop();
});
