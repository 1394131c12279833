/** @jest-environment ./test/support/jsdom-environment.js */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { NetworkAnalyticsPage } from '../../../../src/app/pages/network/NetworkAnalytics';
import type { SamplesAnswer } from '../../../../src/store/slices/network.slice';
import { fakeApi } from '../../../sagas/fakes';
import { seriousViolations } from '../../../widgets/support/axe';
import { renderPage } from './support';

const empty: SamplesAnswer = {
  interval_seconds: 60,
  retention_days: 7,
  from: 1000,
  to: 87_400,
  interfaces: [],
  series: [],
};
const withData: SamplesAnswer = {
  ...empty,
  interfaces: ['eth0', 'lo'],
  series: [
    { interface: 'lo', points: [{ t: 2000, rx: 10, tx: 10 }], rxTotal: 600, txTotal: 600 },
    {
      interface: 'eth0',
      points: [
        { t: 2000, rx: 1000, tx: 100 },
        { t: 2060, rx: 2000, tx: 200 },
      ],
      rxTotal: 180_000,
      txTotal: 18_000,
    },
  ],
};

describe('network analytics', () => {
  test('an honest empty state before two samples exist', async () => {
    const { api } = fakeApi({ 'GET /api/network/samples': () => empty });
    const { view } = renderPage(<NetworkAnalyticsPage />, { api });
    expect(await screen.findByText(/No traffic samples in this range yet/)).toHaveTextContent(
      'one every 60 s',
    );
    expect(await seriousViolations(view.container)).toEqual([]);
  });

  test('a chart per interface, the busiest first, and a range preset reloads with its range', async () => {
    const { api, calls } = fakeApi({ 'GET /api/network/samples': () => withData });
    renderPage(<NetworkAnalyticsPage />, { api });
    expect(await screen.findByRole('figure', { name: /eth0: received and sent/ })).toBeInTheDocument();
    const rows = within(screen.getByRole('table', { name: 'Busiest interfaces in this range' })).getAllByRole(
      'row',
    );
    expect(rows.map((r) => r.textContent?.slice(0, 4))).toEqual(['Inte', 'eth0', 'lo60']);
    expect(screen.getByText(/does not collect/)).toBeInTheDocument();
    await userEvent.setup().selectOptions(screen.getByRole('combobox', { name: 'Range' }), 'Last hour');
    await waitFor(() => expect(calls).toHaveLength(2));
    const q = calls[1].query as { from: number; to: number };
    expect(q.to - q.from).toBe(3600);
  });
});

describe('network analytics time scale', () => {
  test('a step too small for the range shows the time-scale error instead of the charts; a longer step draws them', async () => {
    const { api } = fakeApi({ 'GET /api/network/samples': () => withData });
    renderPage(<NetworkAnalyticsPage />, { api });
    const user = userEvent.setup();
    const chart = await screen.findByRole('figure', { name: /eth0: received and sent/ });
    expect(within(chart).queryByRole('alert')).toBeNull();
    // The last 24 hours at one point a minute: 1440 points.
    await user.selectOptions(screen.getByRole('combobox', { name: 'Step' }), '1 minute');
    expect(within(chart).getByRole('alert')).toHaveTextContent(
      'The range is too large for the step: one point every 1 minute needs 1440 points, at most 500 can be drawn.',
    );
    expect(chart.querySelector('svg.line-chart__svg')).toBeNull();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Step' }), '5 minutes');
    expect(within(chart).queryByRole('alert')).toBeNull();
    expect(chart.querySelector('svg.line-chart__svg')).not.toBeNull();
  });
});
