const { remoteConfig } = require('@portal/shared/federation/webpack.cjs');

module.exports = remoteConfig(__dirname, { name: 'mfe_auth', port: 3001, title: 'Sign-in and account (standalone)' });
