/** @jest-environment jsdom */
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { axe } from 'jest-axe';
import { Provider } from 'react-redux';
import type { ApiClient } from '../../../../src/api/client';
import { LogReport } from '../../../../src/app/pages/logs/LogReport';
import { LOG_SERVICES } from '../../../../src/shared/logServices';
import { createAppStore } from '../../../../src/store/createStore';
import { logStreamSaga, UI_BATCH_MS, type EventSourceLike } from '../../../../sagas/logStream.saga';
import type { LogRow } from '../../../../src/store/slices/logReport.slice';
import { dayToTimestamp, timestampToDay } from '../../../../src/lib/validation/inputs';

class FakeEventSource implements EventSourceLike {
  readyState = 1;
  closed = false;
  private listeners = new Map<string, Array<(e: Event | MessageEvent<string>) => void>>();
  constructor(readonly url: string) {}
  addEventListener(type: string, l: (e: Event | MessageEvent<string>) => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), l]);
  }
  close() {
    this.closed = true;
  }
  /** Emits a batch and waits until the saga has handed it to the store (later batches gather for UI_BATCH_MS). */
  async send(logs: LogRow[]) {
    await act(async () => {
      for (const l of this.listeners.get('message') ?? [])
        l({ data: JSON.stringify({ logs }) } as MessageEvent<string>);
      await new Promise((r) => setTimeout(r, UI_BATCH_MS + 30));
    });
  }
}

let nextId = 1;
const row = (message: string, service = 'dns'): LogRow => ({
  id: nextId++,
  service,
  timestamp: 1_763_800_000 + nextId,
  message,
});

function renderReport() {
  const sources: FakeEventSource[] = [];
  const store = createAppStore({
    context: {
      api: {} as ApiClient,
      platform: 'browser',
      eventSource: (url: string) => (sources.push(new FakeEventSource(url)), sources.at(-1)!),
    },
  });
  const task = store.runSaga(logStreamSaga);
  const onExport = jest.fn();
  const view = render(
    <Provider store={store}>
      <LogReport onExport={onExport} />
    </Provider>,
  );
  return { store, sources, current: () => sources.at(-1)!, onExport, task, view, user: userEvent.setup() };
}

const bodyRows = () =>
  within(screen.getByRole('table', { name: 'Log entries, newest first' }))
    .getAllByRole('row')
    .slice(1);

describe('LogReport', () => {
  it('opens a stream for all services and shows the empty states in order', async () => {
    const { sources, current, task } = renderReport();
    expect(sources).toHaveLength(1);
    expect(current().url).not.toContain('services=');
    expect(screen.getByText('fetching data...')).toHaveAttribute('role', 'status');
    await current().send([]);
    expect(screen.getByText('no data currently available')).toBeInTheDocument();
    await current().send([row('first'), row('second')]);
    expect(bodyRows().map((r) => within(r).getAllByRole('cell')[3].textContent)).toEqual(['second', 'first']);
    task.cancel();
  });

  it('has a severity column: each entry says how severe it is, errors and warnings stand out', async () => {
    const { current, task } = renderReport();
    await current().send([
      { ...row('upstream unreachable'), severity: 'error' },
      { ...row('slow answer'), severity: 'warning' },
      row('zone reloaded'),
    ]);
    const table = screen.getByRole('table', { name: 'Log entries, newest first' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Service', 'When', 'Severity', 'Message']);
    const severities = bodyRows().map((r) => within(r).getAllByRole('cell')[2]);
    expect(severities.map((c) => c.textContent)).toEqual(['Info', 'Warning', 'Error']);
    expect(severities[2]).toHaveClass('log-report__severity--error');
    expect(severities[1]).toHaveClass('log-report__severity--warning');
    task.cancel();
  });

  it('filters by keyword, case-insensitively, and says when nothing matches', async () => {
    const { current, user, task } = renderReport();
    await current().send([row('Accepted publickey'), row('zone RELOADED'), row('other')]);
    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'reloaded');
    expect(bodyRows()).toHaveLength(1);
    expect(screen.getByText('zone RELOADED')).toBeInTheDocument();
    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'xyz');
    expect(screen.getByText('no data found')).toBeInTheDocument();
    task.cancel();
  });

  it('has start and end date inputs covering the last 24 hours', async () => {
    const { store, task } = renderReport();
    const now = Date.now();
    expect(screen.getByLabelText('Start date')).toHaveValue(timestampToDay(now - 86_400_000));
    expect(screen.getByLabelText('End date')).toHaveValue(timestampToDay(now));
    const range = store.getState().logReport.range!;
    expect(range.end - range.start).toBe(86_400_000);
    task.cancel();
  });

  it('reopens the stream for a past range and refuses a start after the end', async () => {
    const { store, sources, current, task } = renderReport();
    const before = store.getState().logReport.range!;
    fireEvent.change(screen.getByLabelText('Start date'), { target: { value: '2026-01-01' } });
    fireEvent.change(screen.getByLabelText('End date'), { target: { value: '2026-01-02' } });
    expect(sources.length).toBeGreaterThan(1);
    expect(sources.slice(0, -1).every((s) => s.closed)).toBe(true);
    const start = dayToTimestamp('2026-01-01', before.start)!;
    const end = dayToTimestamp('2026-01-02', before.end)!;
    expect(current().url).toBe(
      `/eos/system/logs/stream?from=${Math.floor(start / 1000)}&to=${Math.ceil(end / 1000)}`,
    );
    const opened = sources.length;
    fireEvent.change(screen.getByLabelText('Start date'), { target: { value: '2026-01-03' } });
    expect(screen.getByRole('alert')).toHaveTextContent('The start date must be before the end date.');
    expect(sources).toHaveLength(opened);
    task.cancel();
  });

  it('keeps the focus in a date input while its change is applied', async () => {
    const { sources, task } = renderReport();
    const start = screen.getByLabelText('Start date');
    start.focus();
    fireEvent.change(start, { target: { value: '2026-01-01' } });
    expect(sources.length).toBe(2);
    expect(screen.getByLabelText('Start date')).toBe(start);
    expect(start).toHaveFocus();
    expect(start).toHaveValue('2026-01-01');
    task.cancel();
  });

  it('toggles the filters panel with the Filters button', async () => {
    const { user, task } = renderReport();
    const button = screen.getByRole('button', { name: 'Filters' });
    expect(button).toHaveAttribute('aria-expanded', 'false');
    await user.click(button);
    expect(button).toHaveAttribute('aria-expanded', 'true');
    const panel = screen.getByRole('region', { name: 'Filters' });
    expect(within(panel).getByRole('heading', { name: 'Filters' })).toBeInTheDocument();
    expect(
      within(panel)
        .getAllByRole('checkbox')
        .map((c) => c.parentElement?.textContent?.trim()),
    ).toEqual([...LOG_SERVICES]);
    await user.click(button);
    expect(screen.queryByRole('region', { name: 'Filters' })).not.toBeInTheDocument();
    task.cancel();
  });

  it('applies services: closes the stream, clears the list and opens one for the checked services', async () => {
    const { sources, current, user, task } = renderReport();
    await current().send([row('old')]);
    await user.click(screen.getByRole('button', { name: 'Filters' }));
    for (const s of LOG_SERVICES.filter((s) => s !== 'dns' && s !== 'ssh'))
      await user.click(screen.getByRole('checkbox', { name: s }));
    await user.click(screen.getByRole('button', { name: 'Apply filters' }));
    expect(sources[0].closed).toBe(true);
    expect(current().url).toMatch(/\?services=dns&services=ssh&from=\d+$/);
    expect(screen.getByText('fetching data...')).toBeInTheDocument();
    task.cancel();
  });

  it('does not let the last enabled service be unchecked', async () => {
    const { user, task } = renderReport();
    await user.click(screen.getByRole('button', { name: 'Filters' }));
    const others = LOG_SERVICES.filter((s) => s !== 'jobs');
    for (const s of others) await user.click(screen.getByRole('checkbox', { name: s }));
    const last = screen.getByRole('checkbox', { name: 'jobs' });
    expect(last).toBeChecked();
    expect(last).toBeDisabled();
    for (const s of others) expect(screen.getByRole('checkbox', { name: s })).toBeEnabled();
    await user.click(screen.getByRole('checkbox', { name: 'dns' }));
    expect(last).toBeEnabled();
    task.cancel();
  });

  it('Reset enables every service and closes the panel', async () => {
    const { current, user, task } = renderReport();
    await user.click(screen.getByRole('button', { name: 'Filters' }));
    await user.click(screen.getByRole('checkbox', { name: 'dns' }));
    await user.click(screen.getByRole('button', { name: 'Apply filters' }));
    expect(current().url).toContain('services=auth');
    await user.click(screen.getByRole('button', { name: 'Reset' }));
    expect(screen.queryByRole('region', { name: 'Filters' })).not.toBeInTheDocument();
    expect(current().url).not.toContain('services=');
    await user.click(screen.getByRole('button', { name: 'Filters' }));
    for (const box of screen.getAllByRole('checkbox')) expect(box).toBeChecked();
    task.cancel();
  });

  it('narrows to one service when its cell is clicked', async () => {
    const { current, user, task } = renderReport();
    await current().send([row('a', 'ssh'), row('b', 'dns')]);
    await user.click(screen.getAllByRole('button', { name: /ssh/ })[0]);
    expect(current().url).toMatch(/\?services=ssh&from=/);
    task.cancel();
  });

  it('keeps at most 200 rows, newest first', async () => {
    const { current, task } = renderReport();
    await current().send(Array.from({ length: 150 }, (_, i) => row(`m${i}`)));
    await current().send(Array.from({ length: 150 }, (_, i) => row(`n${i}`)));
    const rows = bodyRows();
    expect(rows).toHaveLength(200);
    expect(within(rows[0]).getAllByRole('cell')[3]).toHaveTextContent('n149');
    expect(within(rows[199]).getAllByRole('cell')[3]).toHaveTextContent('m100');
    task.cancel();
  });

  it('pauses the table and counts new entries in a pill that resumes', async () => {
    const { current, user, task } = renderReport();
    await current().send([row('before')]);
    await user.click(screen.getByRole('button', { name: 'Pause' }));
    expect(screen.getByRole('button', { name: 'Pause' })).toHaveAttribute('aria-pressed', 'true');
    await current().send([row('x1'), row('x2'), row('x3')]);
    expect(bodyRows()).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: '3 new entries' }));
    expect(bodyRows()).toHaveLength(4);
    expect(screen.getByRole('button', { name: 'Pause' })).toHaveAttribute('aria-pressed', 'false');
    task.cancel();
  });

  it('exports the rows on screen without a call', async () => {
    const { current, onExport, user, task } = renderReport();
    expect(screen.getByRole('button', { name: 'Export' })).toBeDisabled();
    await current().send([row('match one'), row('skip'), row('match two')]);
    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'match');
    await user.click(screen.getByRole('button', { name: 'Export' }));
    expect(onExport).toHaveBeenCalledWith('overview', [
      expect.objectContaining({ message: 'match two' }),
      expect.objectContaining({ message: 'match one' }),
    ]);
    task.cancel();
  });

  it('has no detectable accessibility problems with rows, a paused table and the filters open', async () => {
    const { current, user, view, task } = renderReport();
    await current().send([row('a', 'ssh'), row('b')]);
    await user.click(screen.getByRole('button', { name: 'Filters' }));
    await user.click(screen.getByRole('button', { name: 'Pause' }));
    await current().send([row('c')]);
    expect(screen.getByRole('button', { name: '1 new entry' })).toBeInTheDocument();
    expect((await axe(view.container)).violations).toEqual([]);
    task.cancel();
  });

  it('closes the stream when the view goes away', async () => {
    const { current, view, task } = renderReport();
    const source = current();
    view.unmount();
    expect(source.closed).toBe(true);
    task.cancel();
  });
});
