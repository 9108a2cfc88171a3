const { federatedConfig } = require('@portal/shared/federation/webpack.cjs');

module.exports = federatedConfig({
  dir: __dirname,
  name: 'mfe_auth',
  port: 3001,
  title: 'Sign-in and account (standalone)',
  exposes: { './app': './src/expose/app.tsx' },
});
