import type { Meta, StoryObj } from '@storybook/react-webpack5';
import { MemoryRouter } from 'react-router';
import { NoAccessPage } from '../../src/app/errors/NoAccessPage';

/** The one page shown (HTTP 403) for a page of an area the signed-in account may not read. */
const meta: Meta<typeof NoAccessPage> = {
  title: 'Screens/No access',
  component: NoAccessPage,
  decorators: [
    (Story) => (
      <MemoryRouter>
        <Story />
      </MemoryRouter>
    ),
  ],
};
export default meta;
type Story = StoryObj<typeof NoAccessPage>;

export const Dns: Story = { args: { area: 'dns' } };
export const Authentication: Story = { args: { area: 'authentication' } };
export const Pki: Story = { args: { area: 'pki' } };
