/**
 * The identity providers list and a provider's page: the built-in local accounts, an LDAP directory and an OpenID
 * provider (secrets set, never shown), new ones of each kind, the test bench's answer (passed for the directory,
 * failed for the OpenID provider), a name the appliance refused and an unknown provider.
 */
import type { Meta, StoryObj } from '@storybook/react-webpack5';
import { userEvent, within } from 'storybook/test';
import { ProviderDetailPage } from '../../src/app/pages/authentication/ProviderDetailPage';
import { PROVIDERS_LIST, ProvidersPage } from '../../src/app/pages/authentication/ProvidersPage';
import { firstPage, firstPageKey } from './fixtures';
import type { RootState } from '../../src/store/createStore';
import {
  cas,
  ldapCheckPassed,
  ldapProvider,
  localProvider,
  oidcCheckFailed,
  oidcProvider,
  providers,
} from './authenticationFixtures';
import { pageState, pageStory } from './authenticationStories';

const meta: Meta = { title: 'Pages/Authentication/Providers', parameters: { layout: 'padded' } };
export default meta;
type Story = StoryObj;

const list = (state: Partial<RootState>) =>
  pageStory({ element: <ProvidersPage />, route: '*', path: '/authentication/providers' }, state);

export const ListLoading: Story = list(pageState({}, { [firstPageKey(PROVIDERS_LIST)]: 'loading' }));
/** Only the built-in local accounts, as on a new appliance. */
export const ListLocalOnly: Story = list(pageState(firstPage(PROVIDERS_LIST, [localProvider])));
export const List: Story = list(pageState(firstPage(PROVIDERS_LIST, providers.data)));

const detail = (path: string, state: Partial<RootState>, api?: Record<string, unknown>) =>
  pageStory({ element: <ProviderDetailPage />, route: '/authentication/providers/:id', path }, state, api);
const loaded = (p: typeof ldapProvider) =>
  pageState({
    [`authentication/providers/${p.id}`]: p,
    'authentication/providers': providers,
    'pki/cas': cas,
  });

export const DetailLoading: Story = detail(
  '/authentication/providers/2',
  pageState({}, { 'authentication/providers/2': 'loading' }),
);
/** Built in: nothing to change. */
export const DetailLocal: Story = detail('/authentication/providers/1', loaded(localProvider));
export const DetailLdap: Story = detail('/authentication/providers/2', loaded(ldapProvider));
export const DetailOidc: Story = detail('/authentication/providers/3', loaded(oidcProvider));
export const NewLdap: Story = detail(
  '/authentication/providers/new?type=ldap',
  pageState({ 'authentication/providers': providers, 'pki/cas': cas }),
);
export const NewOidc: Story = detail(
  '/authentication/providers/new?type=oidc',
  pageState({ 'authentication/providers': providers }),
);
/** The appliance refused the name: its message shows under the field. */
export const DetailNameTaken: Story = detail('/authentication/providers/2', {
  ...loaded(ldapProvider),
  fieldErrors: { name: 'A provider with this name exists.' },
});

const runTestBench = async ({ canvasElement }: { canvasElement: HTMLElement }) => {
  const canvas = within(canvasElement);
  await userEvent.click(await canvas.findByRole('button', { name: 'Test provider' }));
  await canvas.findByRole('status', { name: 'Test result' });
};
/** The directory test bench passed: each step, then the mapped user and groups. */
export const LdapTestPassed: Story = {
  ...detail('/authentication/providers/2', loaded(ldapProvider), {
    'POST /api/authentication/providers/test': ldapCheckPassed,
    'GET /api/authentication/providers': providers,
  }),
  play: runTestBench,
};
/** The OpenID provider refused the client credentials: the failed step says so. */
export const OidcTestFailed: Story = {
  ...detail('/authentication/providers/3', loaded(oidcProvider), {
    'POST /api/authentication/providers/test': oidcCheckFailed,
    'GET /api/authentication/providers': providers,
  }),
  play: runTestBench,
};
export const DetailUnknown: Story = detail(
  '/authentication/providers/99',
  pageState({}, { 'authentication/providers/99': 404 }),
);
