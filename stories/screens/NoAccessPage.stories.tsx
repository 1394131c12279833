import type { Meta, StoryObj } from '@storybook/react-webpack5';
import { MemoryRouter } from 'react-router';
import { NoAccessPage } from '../../src/app/errors/NoAccessPage';

/** The one page shown (HTTP 403) for a page the signed-in account may not open: an area it may not read, or an administrators' page. */
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

export const Dns: Story = { args: { access: { area: 'dns', need: 'read' } } };
export const Authentication: Story = { args: { access: { area: 'authentication', need: 'read' } } };
export const Pki: Story = { args: { access: { area: 'pki', need: 'read' } } };
export const AdministratorsOnly: Story = { args: { access: 'admin' } };
