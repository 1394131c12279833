import type { Meta, StoryObj } from '@storybook/react-webpack5';
import { useEffect } from 'react';
import { registerPaletteActions } from '../../../src/app/palette/actions';
import CommandPalette from '../../../src/app/palette/CommandPalette';
import { RECENT_KEY } from '../../../src/app/palette/entries';
import { fallbackMenu } from '../../../src/shared/menu';
import type { RootState } from '../../../src/store/createStore';
import { StoryProviders } from '../../support/StoryProviders';

const meta: Meta = { title: 'Screens/Command palette' };
export default meta;
type Story = StoryObj;

const state = (role: 'admin' | 'user'): Partial<RootState> => ({
  menu: { items: fallbackMenu, status: 'loaded', source: 'api' },
  session: { loggedIn: true, user: { username: role, role } },
});

function Palette({ role, recent = [] }: { role: 'admin' | 'user'; recent?: string[] }) {
  localStorage.setItem(RECENT_KEY, JSON.stringify(recent));
  useEffect(
    () =>
      registerPaletteActions([
        { id: 'story.apply', name: 'Apply configuration: DNS proxy', run: () => undefined },
      ]),
    [],
  );
  return (
    <StoryProviders state={state(role)} path="/dns/proxy">
      <CommandPalette onClose={() => undefined} />
    </StoryProviders>
  );
}

export const Admin: Story = { render: () => <Palette role="admin" /> };
export const WithRecentPages: Story = {
  render: () => <Palette role="admin" recent={['page:/network/preferences', 'page:/logs/overview']} />,
};
export const UserWithoutAdminPages: Story = { render: () => <Palette role="user" /> };
