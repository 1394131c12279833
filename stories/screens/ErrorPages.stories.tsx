import type { Meta, StoryObj } from '@storybook/react-webpack5';
import { ErrorPage } from '../../src/app/errors/ErrorPage';

const meta: Meta<typeof ErrorPage> = { title: 'Screens/Error pages', component: ErrorPage };
export default meta;
type Story = StoryObj<typeof ErrorPage>;

export const NotFound: Story = { args: { status: 404, path: '/no/such/page' } };
export const InternalServerError: Story = { args: { status: 500 } };
export const StatusMessage: Story = { args: { status: 500, message: 'Unsupported authentication type' } };
export const ServiceUnavailable: Story = { args: { status: 503, message: 'Service Unavailable' } };
