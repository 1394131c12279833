/**
 * The services list and a service's page: providers in fallback order, an order changed and not yet saved, an
 * order the appliance refused, a service with every provider listed (nothing to add), the order as a non-admin
 * sees it (read-only) and an unknown service.
 */
import type { Meta, StoryObj } from '@storybook/react-webpack5';
import { userEvent, within } from 'storybook/test';
import { ServiceDetailPage } from '../../src/app/pages/authentication/ServiceDetailPage';
import { ServicesPage } from '../../src/app/pages/authentication/ServicesPage';
import type { AuthService } from '../../src/app/pages/authentication/types';
import type { RootState } from '../../src/store/createStore';
import { StoryProviders } from '../support/StoryProviders';
import { consoleService, providers, services, signedIn } from './authenticationFixtures';
import { resourcesState } from './fixtures';

const meta: Meta = { title: 'Pages/Authentication/Services', parameters: { layout: 'padded' } };
export default meta;
type Story = StoryObj;

const list = (state: Partial<RootState>) => ({
  render: () => (
    <StoryProviders
      state={state}
      routes={[{ path: '*', element: <ServicesPage /> }]}
      path="/authentication/services"
    />
  ),
});

export const ListLoading: Story = list({
  ...signedIn(),
  ...resourcesState({}, { 'authentication/services': 'loading' }),
});
export const List: Story = list({
  ...signedIn(),
  ...resourcesState({ 'authentication/services': services }),
});

const detail = (state: Partial<RootState>, id: string = 'console') => ({
  render: () => (
    <StoryProviders
      state={state}
      routes={[{ path: '/authentication/services/:id', element: <ServiceDetailPage /> }]}
      path={`/authentication/services/${id}`}
    />
  ),
});
const loaded = (s: AuthService) =>
  resourcesState({
    [`authentication/services/${s.id}`]: s,
    'authentication/services': services,
    'authentication/providers': providers,
  });
const sshService = services.data[1];

export const DetailLoading: Story = detail({
  ...signedIn(),
  ...resourcesState({}, { 'authentication/services/console': 'loading' }),
});
/** Every provider is listed: nothing left to add. */
export const DetailAllProviders: Story = detail({ ...signedIn(), ...loaded(consoleService) });
/** The SSH service asks the directory first; the OpenID provider could be added. */
export const DetailWithProviderToAdd: Story = detail({ ...signedIn(), ...loaded(sshService) }, 'ssh');
/** A non-admin with the authentication privilege reads the order; only admins change it. */
export const DetailReadOnly: Story = detail({ ...signedIn('reader'), ...loaded(sshService) }, 'ssh');
/** Moved down with the keyboard: Save and Reset are offered. */
export const DetailReordered: Story = {
  ...detail({ ...signedIn(), ...loaded(consoleService) }),
  play: async ({ canvasElement }) => {
    await userEvent.click(
      await within(canvasElement).findByRole('button', { name: 'Move Local accounts down' }),
    );
  },
};
/** The appliance refused the order: its reason shows under the list. */
export const DetailOrderRefused: Story = detail({
  ...signedIn(),
  ...loaded(consoleService),
  fieldErrors: { provider_ids: 'The console must keep the local accounts, or admins could be locked out.' },
});
export const DetailUnknown: Story = detail(
  {
    ...signedIn(),
    // The services are a fixed set: the appliance refuses another id (422), their list does not hold it.
    ...resourcesState({ 'authentication/services': services }, { 'authentication/services/mail': 422 }),
  },
  'mail',
);
