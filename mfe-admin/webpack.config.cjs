const { federatedConfig } = require('@portal/shared/federation/webpack.cjs');

module.exports = federatedConfig({
  dir: __dirname,
  name: 'mfe_admin',
  port: 3006,
  title: 'Administration (standalone)',
  exposes: { './app': './src/expose/app.tsx' },
});
