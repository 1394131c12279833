/**
 * The layout settings page in each state: loading, failed, the defaults, a custom look (colours),
 * and while saving. The store holds canned data; the API client is offline.
 */
import type { Meta, StoryObj } from '@storybook/react-webpack5';
import { LayoutSettingsPage } from '../../../src/app/pages/settings/LayoutSettingsPage';
import type { RootState } from '../../../src/store/createStore';
import type { LayoutSettingsState } from '../../../src/store/slices/layoutSettings.slice';
import { StoryProviders } from '../../support/StoryProviders';

const config = { apiBase: '/api/' } as RootState['config'];

function Page({ layoutSettings }: { layoutSettings: LayoutSettingsState }) {
  return (
    <StoryProviders path="/settings/layout" state={{ config, layoutSettings }}>
      <LayoutSettingsPage />
    </StoryProviders>
  );
}

const noImages = { login_logo: false, bar_logo: false, login_background: false };
const loaded = (
  data: LayoutSettingsState['data'],
  pending: LayoutSettingsState['pending'] = null,
): LayoutSettingsState => ({ load: 'loaded', data, version: 1, pending });

const meta: Meta<typeof Page> = { title: 'Screens/Layout settings', component: Page };
export default meta;
type Story = StoryObj<typeof Page>;

export const Loading: Story = {
  args: { layoutSettings: { load: 'loading', data: null, version: 0, pending: null } },
};
export const LoadFailed: Story = {
  args: { layoutSettings: { load: 'failed', data: null, version: 0, pending: null } },
};
export const Defaults: Story = {
  args: {
    layoutSettings: loaded({
      primary_color: '#76b100',
      bar_color: '#1f2a33',
      login_title: null,
      images: noImages,
    }),
  },
};
export const CustomLook: Story = {
  args: {
    layoutSettings: loaded({
      primary_color: '#196ecd',
      bar_color: '#0e2238',
      login_title: null,
      images: noImages,
    }),
  },
};
export const Saving: Story = {
  args: {
    layoutSettings: loaded(
      { primary_color: '#ed332e', bar_color: '#222222', login_title: null, images: noImages },
      'save',
    ),
  },
};
