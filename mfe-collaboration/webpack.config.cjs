const { remoteConfig } = require('@portal/shared/federation/webpack.cjs');

module.exports = remoteConfig(__dirname, { name: 'mfe_collaboration', port: 3003, title: 'Collaboration (standalone)' });
