const { federatedConfig } = require('@portal/shared/federation/webpack.cjs');

module.exports = federatedConfig({
  dir: __dirname,
  name: 'mfe_requirements',
  port: 3002,
  title: 'Requirements (standalone)',
  exposes: { './app': './src/expose/app.tsx' },
});
