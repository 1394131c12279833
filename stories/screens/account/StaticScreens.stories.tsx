import type { Meta, StoryObj } from '@storybook/react-webpack5';
import { defaults, publicConfig } from '../../../config';
import { ConsoleAccountSettings } from '../../../src/app/pages/account/ConsoleAccountSettings';
import { TermsPage } from '../../../src/app/pages/account/TermsPage';
import { VerifiedScreen } from '../../../src/app/pages/account/VerifiedScreen';
import { StoryProviders } from '../../support/StoryProviders';

const config = publicConfig(defaults);
const meta: Meta = { title: 'Screens/Account/Static' };
export default meta;
type Story = StoryObj;

export const Verified: Story = {
  render: () => (
    <StoryProviders path="/verified" state={{ config }}>
      <VerifiedScreen title="Account verified" />
    </StoryProviders>
  ),
};
export const Terms: Story = {
  render: () => (
    <StoryProviders path="/terms" state={{ config }}>
      <TermsPage />
    </StoryProviders>
  ),
};
/** `/settings/` opened with a console session: where a console account's password and two-factor are. */
export const ConsoleAccountOnSettings: Story = {
  render: () => (
    <StoryProviders
      path="/settings/"
      state={{ config, session: { loggedIn: true, user: { username: 'admin', role: 'admin' } } }}
    >
      <ConsoleAccountSettings />
    </StoryProviders>
  ),
};
