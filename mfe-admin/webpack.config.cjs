const { remoteConfig } = require('@portal/shared/federation/webpack.cjs');

module.exports = remoteConfig(__dirname, { name: 'mfe_admin', port: 3006, title: 'Administration (standalone)' });
