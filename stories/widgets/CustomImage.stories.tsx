import type { Meta, StoryObj } from '@storybook/react-webpack5';
import { CustomImage, FailedImageIcon } from '../../src/widgets/CustomImage';

const meta: Meta<typeof CustomImage> = {
  title: 'Widgets/CustomImage',
  component: CustomImage,
  args: { alt: '', label: 'Login logo', height: 40 },
};
export default meta;
type Story = StoryObj<typeof CustomImage>;

/** An uploaded logo that loads. */
export const Loaded: Story = {
  args: {
    src:
      'data:image/svg+xml,' +
      encodeURIComponent(
        '<svg xmlns="http://www.w3.org/2000/svg" width="120" height="40"><rect width="120" height="40" rx="6" fill="#76b100"/></svg>',
      ),
  },
};
/** An uploaded logo the browser cannot load: the failed-image icon takes its place. */
export const Failed: Story = { args: { src: '/no-such-image.png' } };
/** The icon alone, at the bar logo's size. */
export const Icon: StoryObj<typeof FailedImageIcon> = {
  render: () => <FailedImageIcon label="Bar logo could not be loaded" size={28} />,
};
