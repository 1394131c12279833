import type { Meta, StoryObj } from '@storybook/react-webpack5';
import { MainBar } from '../../src/app/layout/MainBar';
import { defaults, publicConfig } from '../../config';
import { StoryProviders } from '../support/StoryProviders';

const config = publicConfig(defaults);

const meta: Meta<typeof MainBar> = {
  title: 'Screens/Main bar',
  component: MainBar,
};
export default meta;
type Story = StoryObj<typeof MainBar>;

export const CoreSection: Story = {
  render: () => (
    <StoryProviders path="/dns/proxy" state={{ config }}>
      <MainBar />
    </StoryProviders>
  ),
};
export const ShopSection: Story = {
  render: () => (
    <StoryProviders path="/shop" state={{ config }}>
      <MainBar />
    </StoryProviders>
  ),
};
export const HelpSection: Story = {
  render: () => (
    <StoryProviders path="/help/faq" state={{ config }}>
      <MainBar />
    </StoryProviders>
  ),
};
export const AdminPanelBadge: Story = {
  render: () => (
    <StoryProviders state={{ config: { ...config, panels: { ...config.panels, admin: true } } }}>
      <MainBar />
    </StoryProviders>
  ),
};
export const CustomPanelBadge: Story = {
  render: () => (
    <StoryProviders
      state={{
        config: {
          ...config,
          panels: { admin: false, network: false, custom: true, customLabel: 'Branch office' },
        },
      }}
    >
      <MainBar />
    </StoryProviders>
  ),
};
export const WithoutProfile: Story = {
  render: () => (
    <StoryProviders state={{ config }}>
      <MainBar showProfile={false} />
    </StoryProviders>
  ),
};
