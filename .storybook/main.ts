// Storybook with the webpack5 builder; the babel addon reuses the app's babel.config.js.
import type { StorybookConfig } from '@storybook/react-webpack5';

const config: StorybookConfig = {
  stories: ['../stories/**/*.stories.@(ts|tsx)'],
  addons: ['@storybook/addon-webpack5-compiler-babel', '@storybook/addon-a11y'],
  framework: { name: '@storybook/react-webpack5', options: {} },
  core: { disableTelemetry: true },
  typescript: { reactDocgen: false },
  webpackFinal: async (config) => {
    config.resolve = {
      ...config.resolve,
      extensions: [...(config.resolve?.extensions ?? []), '.ts', '.tsx'],
    };
    // Help pages are markdown files imported as strings (as in webpack.config.ts).
    config.module = {
      ...config.module,
      rules: [...(config.module?.rules ?? []), { test: /\.md$/, type: 'asset/source' }],
    };
    return config;
  },
};
export default config;
