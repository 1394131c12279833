/**
 * The services list and a service's page: providers in fallback order, an order changed and not yet saved, an
 * order the appliance refused, a service with every provider listed (nothing to add), the order as a non-admin
 * sees it (read-only) and an unknown service.
 */
import type { Meta, StoryObj } from '@storybook/react-webpack5';
import { userEvent, within } from 'storybook/test';
import { ServiceDetailPage } from '../../src/app/pages/authentication/ServiceDetailPage';
import { SERVICES_LIST, ServicesPage } from '../../src/app/pages/authentication/ServicesPage';
import { firstPage, firstPageKey } from './fixtures';
import type { AuthService } from '../../src/shared/contracts/authentication';
import type { RootState } from '../../src/store/createStore';
import { consoleService, providers, services } from './authenticationFixtures';
import { pageState, pageStory } from './authenticationStories';

const meta: Meta = { title: 'Pages/Authentication/Services', parameters: { layout: 'padded' } };
export default meta;
type Story = StoryObj;

const list = (state: Partial<RootState>) =>
  pageStory({ element: <ServicesPage />, route: '*', path: '/authentication/services' }, state);

export const ListLoading: Story = list(pageState({}, { [firstPageKey(SERVICES_LIST)]: 'loading' }));
export const List: Story = list(
  pageState({
    ...firstPage(SERVICES_LIST, services.data),
    'authentication/signup': { mode: 'open', allowed_domains: [] },
  }),
);
/** Sign-up limited to the organisation's domains (and its subdomains). */
export const ListSignupDomains: Story = list(
  pageState({
    ...firstPage(SERVICES_LIST, services.data),
    'authentication/signup': { mode: 'domains', allowed_domains: ['example.com', '*.lab.example'] },
  }),
);

const detail = (state: Partial<RootState>, id: string = 'console') =>
  pageStory(
    {
      element: <ServiceDetailPage />,
      route: '/authentication/services/:id',
      path: `/authentication/services/${id}`,
    },
    state,
  );
const loaded = (s: AuthService, who?: 'reader') =>
  pageState(
    {
      [`authentication/services/${s.id}`]: s,
      'authentication/services': services,
      'authentication/providers': providers,
    },
    {},
    who,
  );
const sshService = services.data[1];

export const DetailLoading: Story = detail(pageState({}, { 'authentication/services/console': 'loading' }));
/** Every provider is listed: nothing left to add. */
export const DetailAllProviders: Story = detail(loaded(consoleService));
/** The SSH service asks the directory first; the OpenID provider could be added. */
export const DetailWithProviderToAdd: Story = detail(loaded(sshService), 'ssh');
/** A non-admin with the authentication privilege reads the order; only admins change it. */
export const DetailReadOnly: Story = detail(loaded(sshService, 'reader'), 'ssh');
/** Moved down with the keyboard: Save and Reset are offered. */
export const DetailReordered: Story = {
  ...detail(loaded(consoleService)),
  play: async ({ canvasElement }) => {
    await userEvent.click(
      await within(canvasElement).findByRole('button', { name: 'Move Local accounts down' }),
    );
  },
};
/** The appliance refused the order: its reason shows under the list. */
export const DetailOrderRefused: Story = detail({
  ...loaded(consoleService),
  fieldErrors: { provider_ids: 'The console must keep the local accounts, or admins could be locked out.' },
});
export const DetailUnknown: Story = detail(
  // The services are a fixed set: the appliance refuses another id (422), their list does not hold it.
  pageState({ 'authentication/services': services }, { 'authentication/services/mail': 422 }),
  'mail',
);
