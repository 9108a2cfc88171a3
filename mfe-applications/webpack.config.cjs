const { remoteConfig } = require('@portal/shared/federation/webpack.cjs');

module.exports = remoteConfig(__dirname, {
  name: 'mfe_applications',
  port: 3004,
  title: 'Applications (standalone)',
  exposes: { './processDemoActions': './src/expose/processDemoActions.tsx' },
});
