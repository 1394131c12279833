// One babel config for webpack (client and server builds), Jest and Storybook.
module.exports = (api) => {
  const isTest = api.env('test');
  return {
    presets: [
      [
        '@babel/preset-env',
        isTest
          ? { targets: { node: 'current' } }
          : {
              bugfixes: true,
              modules: false,
              targets: api.caller((c) => c && c.target === 'node')
                ? { node: '20' }
                : 'defaults and supports es6-module',
            },
      ],
      ['@babel/preset-react', { runtime: 'automatic' }],
      ['@babel/preset-typescript', { allowDeclareFields: true }],
    ],
  };
};
