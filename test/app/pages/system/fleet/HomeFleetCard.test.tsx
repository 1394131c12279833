/** @jest-environment ./test/support/jsdom-environment.js */
import { screen, within } from '@testing-library/react';
import { HomePage } from '../../../../../src/app/pages/home/HomeDashboard';
import { fakeApi } from '../../../../sagas/fakes';
import { resourcesState } from '../../../../../stories/pages/fixtures';
import { renderPage, status } from '../../network/support';
import type { DashboardSummary } from '../../../../../src/store/slices/network.slice';
import {
  managedSettings,
  summary,
  unmanagedSettings,
} from '../../../../../stories/screens/system/fleetFixtures';

// The dashboard's own parts do not matter here: only the host.
const homeSummary = { host: { hostname: 'manager-01', version: '1.4.0' } } as DashboardSummary;

function setup(settings = managedSettings) {
  const { api } = fakeApi({
    'GET /api/system/status': () => status,
    'GET /api/dashboard': () => homeSummary,
  });
  return renderPage(<HomePage />, {
    api,
    state: resourcesState({ 'fleet/settings': settings, 'fleet/summary': summary }),
  });
}

describe('the home dashboard of a console that manages a fleet', () => {
  test('has a Fleet card with the fleet in numbers, linking to the fleet overview', async () => {
    setup();
    const card = within(await screen.findByRole('region', { name: 'Fleet' }));
    expect(card.getByText('1 of 4')).toBeInTheDocument();
    expect(card.getByText('1 critical, 2 warning')).toBeInTheDocument();
    expect(card.getByRole('link', { name: 'Fleet' })).toHaveAttribute('href', '/system/fleet');
  });

  test('has no Fleet card when the console manages no fleet', async () => {
    setup(unmanagedSettings);
    await screen.findByRole('region', { name: 'System' });
    expect(screen.queryByRole('region', { name: 'Fleet' })).toBeNull();
  });
});
