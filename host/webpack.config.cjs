const { federatedConfig } = require('@portal/shared/federation/webpack.cjs');

// The host exposes nothing: it registers the remotes at run time from /remotes.json.
// The favicon lands beside index.html (under 1 KB: served as it is, revalidated like the page).
module.exports = federatedConfig({ dir: __dirname, name: 'host', port: 3000, title: 'Security Portal', favicon: 'src/assets/favicon.svg' });
