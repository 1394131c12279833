import type { Meta, StoryObj } from '@storybook/react-webpack5';
import { expect, userEvent, within } from 'storybook/test';
import type { ReactNode } from 'react';
import { ContextBar } from '../../src/app/layout/ContextBar';
import { MainBar } from '../../src/app/layout/MainBar';
import { fallbackMenu } from '../../src/shared/menu';
import type { RootState } from '../../src/store/createStore';
import { defaults, publicConfig } from '../../config';
import { StoryProviders } from '../support/StoryProviders';

const config = publicConfig(defaults);
const session: RootState['session'] = { loggedIn: true, user: { username: 'admin', role: 'admin' } };
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
    <WithMenu path="/dns/proxy" state={{ config, session }}>
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

/** The avatar is a menu button: opened, it shows the account's entries, the theme and Sign out. */
export const AccountMenuOpen: Story = {
  render: () => (
    <WithMenu path="/dns/proxy" state={{ config, session }}>
      <MainBar />
    </WithMenu>
  ),
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await userEvent.click(await c.findByRole('button', { name: /Account menu/ }));
    const menu = await c.findByRole('menu', { name: 'Account' });
    await expect(within(menu).getByRole('menuitem', { name: 'Sign out' })).toBeVisible();
  },
};

/** An anonymous visitor of a public page (the network overview): a log-in link, no account menu. */
export const Anonymous: Story = {
  render: () => (
    <WithMenu path="/network/overview" state={{ config, session: { loggedIn: false, user: null } }}>
      <MainBar />
    </WithMenu>
  ),
};
