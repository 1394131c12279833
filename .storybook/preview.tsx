import type { Preview } from '@storybook/react-webpack5';
import '../src/app/styles/global.css';

const preview: Preview = {
  parameters: {
    layout: 'fullscreen',
    a11y: { test: 'error' },
  },
};
export default preview;
