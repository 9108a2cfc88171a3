const { jestConfig } = require('../jest.base.cjs');

const base = jestConfig(__dirname, 'jsdom');

// About's diagnostics use the shared screens' table and field, whose module also holds the
// planes (d3, ESM only): transpile every dependency but the big CommonJS ones, as the remotes do.
module.exports = {
  ...base,
  transformIgnorePatterns: [
    '/node_modules/\\.pnpm/(react|react-dom|scheduler|@chakra-ui|@zag-js|@ark-ui|@emotion|@tanstack|@testing-library|@swc|@babel|jsdom|single-spa|single-spa-react|react-router|react-router-dom|@pandacss|lodash[^/]*)[@+]',
  ],
};
