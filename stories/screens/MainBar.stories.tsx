import type { Meta, StoryObj } from '@storybook/react-webpack5';
import type { ReactNode } from 'react';
import { ContextBar } from '../../src/app/layout/ContextBar';
import { MainBar } from '../../src/app/layout/MainBar';
import { fallbackMenu } from '../../src/shared/menu';
import type { RootState } from '../../src/store/createStore';
import { defaults, publicConfig } from '../../config';
import { StoryProviders } from '../support/StoryProviders';

const config = publicConfig(defaults);
const menu: RootState['menu'] = { items: fallbackMenu, status: 'loaded', source: 'fallback' };

/** The main bar with the menu its toggle shows and hides (aria-controls), as the core layout has them. */
function WithMenu({
  children,
  path,
  state,
}: {
  children: ReactNode;
  path?: string;
  state: Partial<RootState>;
}) {
  return (
    <StoryProviders path={path} state={{ menu, ...state }}>
      {children}
      <ContextBar />
    </StoryProviders>
  );
}

const meta: Meta<typeof MainBar> = {
  title: 'Screens/Main bar',
  component: MainBar,
};
export default meta;
type Story = StoryObj<typeof MainBar>;

export const CoreSection: Story = {
  render: () => (
    <WithMenu path="/dns/proxy" state={{ config }}>
      <MainBar />
    </WithMenu>
  ),
};
export const ShopSection: Story = {
  render: () => (
    <WithMenu path="/shop" state={{ config }}>
      <MainBar />
    </WithMenu>
  ),
};
export const HelpSection: Story = {
  render: () => (
    <WithMenu path="/help/faq" state={{ config }}>
      <MainBar />
    </WithMenu>
  ),
};
export const AdminPanelBadge: Story = {
  render: () => (
    <WithMenu state={{ config: { ...config, panels: { ...config.panels, admin: true } } }}>
      <MainBar />
    </WithMenu>
  ),
};
export const CustomPanelBadge: Story = {
  render: () => (
    <WithMenu
      state={{
        config: {
          ...config,
          panels: { admin: false, network: false, custom: true, customLabel: 'Branch office' },
        },
      }}
    >
      <MainBar />
    </WithMenu>
  ),
};
export const WithoutProfile: Story = {
  render: () => (
    <WithMenu state={{ config }}>
      <MainBar showProfile={false} />
    </WithMenu>
  ),
};
