/**
 * The fleet overview and an appliance's page: loading, not managed, filled, filtered to offline, a name with markup;
 * one appliance with its recent events (and more to load), with none yet, never connected.
 */
import type { Meta, StoryObj } from '@storybook/react-webpack5';
import { ApplianceDetailPage } from '../../../src/app/pages/system/fleet/ApplianceDetailPage';
import { FleetPage } from '../../../src/app/pages/system/fleet/FleetPage';
import { StoryProviders } from '../../support/StoryProviders';
import { resourcesState } from '../../pages/fixtures';
import {
  detailOf,
  eventsKeyOf,
  eventsPage,
  FIRST_PAGE,
  manyEvents,
  managedSettings,
  markupNamed,
  neverConnected,
  offline,
  online,
  paged,
  pending,
  recentEvents,
  removed,
  serviceState,
  summary,
  unmanagedSettings,
} from './fleetFixtures';

const meta: Meta = { title: 'Screens/System/Fleet', parameters: { layout: 'padded' } };
export default meta;
type Story = StoryObj;

const listPage = (state: Parameters<typeof StoryProviders>[0]['state']) => ({
  render: () => (
    <StoryProviders state={state} routes={[{ path: '*', element: <FleetPage /> }]} path="/system/fleet" />
  ),
});
const detailPage = (id: string, state: Parameters<typeof StoryProviders>[0]['state']) => ({
  render: () => (
    <StoryProviders
      state={state}
      routes={[{ path: '/system/fleet/:id', element: <ApplianceDetailPage /> }]}
      path={`/system/fleet/${id}`}
    />
  ),
});
const around = {
  'fleet/summary': summary,
  'fleet/settings': managedSettings,
  'fleet/membership': { membership: null },
  'fleet/service': serviceState,
};

export const ListLoading: Story = listPage(resourcesState(around, { [FIRST_PAGE]: 'loading' }));
export const ListNotManaged: Story = listPage(
  resourcesState({ ...around, 'fleet/settings': unmanagedSettings, [FIRST_PAGE]: paged([]) }),
);
export const ListFilled: Story = listPage(
  resourcesState({
    ...around,
    [FIRST_PAGE]: paged([online, offline, neverConnected, pending, removed, markupNamed]),
  }),
);
const OFFLINE_PAGE = 'fleet/appliances?page=1&per_page=50&presence=offline&sort=name';
export const ListFilteredOffline: Story = {
  render: () => (
    <StoryProviders
      state={resourcesState({ ...around, [OFFLINE_PAGE]: paged([offline]) })}
      routes={[{ path: '*', element: <FleetPage /> }]}
      path="/system/fleet?presence=offline"
    />
  ),
};
export const DetailOnline: Story = detailPage(
  online.id,
  resourcesState({
    [`fleet/appliances/${online.id}`]: detailOf(online),
    [eventsKeyOf(online.id)]: eventsPage(recentEvents),
  }),
);
export const DetailWithOlderEvents: Story = detailPage(
  online.id,
  resourcesState({
    [`fleet/appliances/${online.id}`]: detailOf(online),
    [eventsKeyOf(online.id)]: eventsPage(manyEvents(200, 50), 151),
    [eventsKeyOf(online.id, 151)]: eventsPage(manyEvents(150, 20)),
  }),
);
export const DetailNoEvents: Story = detailPage(
  online.id,
  resourcesState({
    [`fleet/appliances/${online.id}`]: detailOf(online),
    [eventsKeyOf(online.id)]: eventsPage([]),
  }),
);
export const DetailNeverConnected: Story = detailPage(
  neverConnected.id,
  resourcesState({
    [`fleet/appliances/${neverConnected.id}`]: detailOf(neverConnected),
    [eventsKeyOf(neverConnected.id)]: eventsPage([]),
  }),
);
