import type { Meta, StoryObj } from '@storybook/react-webpack5';
import { userEvent, within } from 'storybook/test';
import { HelpScreen } from '../../../src/app/pages/help/HelpPage';
import { ShopScreen } from '../../../src/app/pages/help/ShopPage';
import { StoryProviders } from '../../support/StoryProviders';

const meta: Meta = { title: 'Screens/Help' };
export default meta;
type Story = StoryObj;

export const AllPages: Story = {
  render: () => (
    <StoryProviders path="/help">
      <HelpScreen />
    </StoryProviders>
  ),
};

export const Searched: Story = {
  render: () => (
    <StoryProviders path="/help">
      <HelpScreen />
    </StoryProviders>
  ),
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await userEvent.type(c.getByRole('searchbox', { name: 'Search the help' }), 'retention');
    await c.findByText(/1 of \d+ pages match/);
  },
};

export const NothingFound: Story = {
  render: () => (
    <StoryProviders path="/help">
      <HelpScreen />
    </StoryProviders>
  ),
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await userEvent.type(c.getByRole('searchbox', { name: 'Search the help' }), 'zebra');
    await c.findByText(/No help page mentions/);
  },
};

export const Shop: Story = {
  render: () => (
    <StoryProviders path="/shop">
      <ShopScreen />
    </StoryProviders>
  ),
};
