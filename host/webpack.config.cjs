const { federatedConfig } = require('@portal/shared/federation/webpack.cjs');

// The host exposes nothing: it registers the remotes at run time from /remotes.json.
module.exports = federatedConfig({ dir: __dirname, name: 'host', port: 3000, title: 'Security Portal' });
