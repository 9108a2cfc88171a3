const { federatedConfig } = require('@portal/shared/federation/webpack.cjs');

module.exports = federatedConfig({
  dir: __dirname,
  name: 'mfe_collaboration',
  port: 3003,
  title: 'Collaboration (standalone)',
  exposes: { './app': './src/expose/app.tsx' },
});
