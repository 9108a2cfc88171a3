const { remoteConfig } = require('@portal/shared/federation/webpack.cjs');

module.exports = remoteConfig(__dirname, { name: 'mfe_operations', port: 3005, title: 'Operations (standalone)' });
