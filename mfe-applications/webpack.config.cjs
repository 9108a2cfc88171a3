const { federatedConfig } = require('@portal/shared/federation/webpack.cjs');

module.exports = federatedConfig({
  dir: __dirname,
  name: 'mfe_applications',
  port: 3004,
  title: 'Applications (standalone)',
  exposes: { './app': './src/expose/app.tsx' },
});
