const { federatedConfig } = require('@portal/shared/federation/webpack.cjs');

module.exports = federatedConfig({
  dir: __dirname,
  name: 'mfe_operations',
  port: 3005,
  title: 'Operations (standalone)',
  exposes: { './app': './src/expose/app.tsx' },
});
