import type { Meta, StoryObj } from '@storybook/react-webpack5';
import { userEvent, within } from 'storybook/test';
import { defaults, publicConfig } from '../../../config';
import { ApiError } from '../../../src/api/errors';
import { ChangePasswordScreen } from '../../../src/app/pages/account/ChangePasswordScreen';
import { StoryProviders } from '../../support/StoryProviders';
import { localAuthApi, unauthorized } from './fakes';

const config = publicConfig(defaults);
const meta: Meta<typeof ChangePasswordScreen> = {
  title: 'Screens/Account/Change password',
  component: ChangePasswordScreen,
};
export default meta;
type Story = StoryObj<typeof ChangePasswordScreen>;

const screen = (answers: unknown[] = []) => (
  <StoryProviders path="/change-password" state={{ config }} api={localAuthApi({}, answers)}>
    <ChangePasswordScreen title="Change local password" />
  </StoryProviders>
);

const fill = async (canvasElement: HTMLElement, password = 'old-secret') => {
  const c = within(canvasElement);
  await userEvent.type(await c.findByLabelText('Username'), 'admin');
  await userEvent.type(c.getByLabelText('Current password'), password);
  await userEvent.type(c.getByLabelText('New password'), 'N3w-and-longer!');
  await userEvent.type(c.getByLabelText('Repeat the new password'), 'N3w-and-longer!');
  await userEvent.click(c.getByRole('button', { name: 'Change password' }));
  return c;
};

export const Fields: Story = { render: () => screen() };

/** The repeated password differs: an error under it, nothing sent. */
export const RepeatDiffers: Story = {
  render: () => screen(),
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await userEvent.type(await c.findByLabelText('Username'), 'admin');
    await userEvent.type(c.getByLabelText('Current password'), 'old-secret');
    await userEvent.type(c.getByLabelText('New password'), 'N3w-and-longer!');
    await userEvent.type(c.getByLabelText('Repeat the new password'), 'N3w-and-longer?');
    await userEvent.click(c.getByRole('button', { name: 'Change password' }));
    await c.findByText('The two new passwords differ: type the same password twice.');
  },
};

/** A commonly used password is weak, whatever its score. */
export const CommonPassword: Story = {
  render: () => screen(),
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await userEvent.type(await c.findByLabelText('New password'), 'password1');
    await c.findByText('Password strength: Weak (a commonly used password)');
  },
};

export const IncompleteFields: Story = {
  render: () => screen(),
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await userEvent.click(await c.findByRole('button', { name: 'Change password' }));
    await c.findByText('Please complete all fields.');
  },
};

export const CodeReplacesFields: Story = {
  render: () => screen([unauthorized(3)]),
  play: async ({ canvasElement }) => {
    const c = await fill(canvasElement);
    await c.findByLabelText('One-time code');
  },
};

export const InvalidCurrentPassword: Story = {
  render: () => screen([unauthorized(6)]),
  play: async ({ canvasElement }) => {
    const c = await fill(canvasElement, 'wrong');
    await c.findByText('The current password is not valid.');
  },
};

export const SameAsCurrent: Story = {
  render: () => screen([unauthorized(7)]),
  play: async ({ canvasElement }) => {
    const c = await fill(canvasElement);
    await c.findByText('The new password cannot be the same as the current one.');
  },
};

/** A weak new password comes back as a field error on new_password (spec §8) and shows under that field. */
export const WeakNewPassword: Story = {
  render: () =>
    screen([
      new ApiError({
        kind: 'bad_request',
        status: 422,
        data: {
          detail: [
            {
              loc: ['body', 'new_password'],
              msg: 'the new password must not be the user name',
              type: 'value_error.str.password',
            },
          ],
        },
        message: 'Request failed with status code 422',
        url: '/api/auth/change_password',
        method: 'POST',
      }),
    ]),
  play: async ({ canvasElement }) => {
    const c = await fill(canvasElement);
    await c.findByText('the new password must not be the user name');
  },
};
