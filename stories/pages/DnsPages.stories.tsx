/** The DNS proxy and dynamic DNS pages in each state: loading, empty, filled, failed and with server field errors. */
import type { Meta, StoryObj } from '@storybook/react-webpack5';
import { DynamicPage } from '../../src/app/pages/dns/DynamicPage';
import { ProxyPage } from '../../src/app/pages/dns/ProxyPage';
import { StoryProviders } from '../support/StoryProviders';
import {
  dnsPreview,
  dnsProxyEmpty,
  dnsProxyFilled,
  dnsService,
  dynamicDns,
  resourcesState,
} from './fixtures';

const meta: Meta = { title: 'Pages/DNS', parameters: { layout: 'padded' } };
export default meta;
type Story = StoryObj;

const proxy = (state: Parameters<typeof StoryProviders>[0]['state']) => ({
  render: () => (
    <StoryProviders state={state} routes={[{ path: '*', element: <ProxyPage /> }]} path="/dns/proxy" />
  ),
});

export const ProxyLoading: Story = proxy(
  resourcesState(
    {},
    { 'dns/proxy': 'loading', 'dns/proxy/preview': 'loading', 'dns/proxy/service': 'loading' },
  ),
);
export const ProxyEmpty: Story = proxy(
  resourcesState({
    'dns/proxy': dnsProxyEmpty,
    'dns/proxy/service': {
      ...dnsService,
      status: 'stopped',
      pid: null,
      last_exit: null,
      restarts: 0,
      log: [],
    },
    'dns/proxy/preview': { ...dnsPreview, pending_changes: false },
  }),
);
export const ProxyFilled: Story = proxy(
  resourcesState({
    'dns/proxy': dnsProxyFilled,
    'dns/proxy/preview': dnsPreview,
    'dns/proxy/service': dnsService,
  }),
);
export const ProxyLoadFailed: Story = proxy(
  resourcesState({}, { 'dns/proxy': 'failed', 'dns/proxy/preview': 'failed', 'dns/proxy/service': 'failed' }),
);
/** The appliance refused the saved port: its message shows under the field. */
export const ProxyServerFieldError: Story = proxy({
  ...resourcesState({
    'dns/proxy': dnsProxyFilled,
    'dns/proxy/preview': dnsPreview,
    'dns/proxy/service': dnsService,
  }),
  fieldErrors: { port: 'Ensure this value is less than or equal to 65535.' },
});

const dynamic = (state: Parameters<typeof StoryProviders>[0]['state']) => ({
  render: () => (
    <StoryProviders state={state} routes={[{ path: '*', element: <DynamicPage /> }]} path="/dns/dynamic" />
  ),
});

export const DynamicLoading: Story = dynamic(resourcesState({}, { 'dns/dynamic': 'loading' }));
export const DynamicEmpty: Story = dynamic(
  resourcesState({ 'dns/dynamic': { ...dynamicDns, accounts: [] } }),
);
export const DynamicFilled: Story = dynamic(resourcesState({ 'dns/dynamic': dynamicDns }));
export const DynamicLoadFailed: Story = dynamic(resourcesState({}, { 'dns/dynamic': 'failed' }));
