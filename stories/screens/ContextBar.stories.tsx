import type { Meta, StoryObj } from '@storybook/react-webpack5';
import { ContextBar } from '../../src/app/layout/ContextBar';
import { fallbackMenu } from '../../src/shared/menu';
import { StoryProviders } from '../support/StoryProviders';

const meta: Meta<typeof ContextBar> = { title: 'Screens/Context bar', component: ContextBar };
export default meta;
type Story = StoryObj<typeof ContextBar>;

export const WithMenu: Story = {
  render: () => (
    <StoryProviders
      path="/dns/proxy"
      state={{ menu: { items: fallbackMenu, status: 'loaded', source: 'fallback' } }}
    >
      <ContextBar />
    </StoryProviders>
  ),
};
export const Loading: Story = {
  render: () => (
    <StoryProviders state={{ menu: { items: [], status: 'loading', source: null } }}>
      <ContextBar />
    </StoryProviders>
  ),
};
