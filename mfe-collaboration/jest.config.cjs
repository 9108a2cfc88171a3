const { jestConfig } = require('../jest.base.cjs');

const base = jestConfig(__dirname, 'jsdom');

// react-markdown, rehype-sanitize, remark-gfm (the shared files' preview) and d3 (the org chart, the
// workflow, and through @portal/shared/screens) are ESM only: transpile every dependency but the big CommonJS ones, as
// mfe-requirements does.
module.exports = {
  ...base,
  transformIgnorePatterns: [
    '/node_modules/\\.pnpm/(react|react-dom|scheduler|@chakra-ui|@zag-js|@ark-ui|@emotion|@tanstack|@testing-library|@swc|@babel|jsdom|single-spa|single-spa-react|react-router|react-router-dom|@pandacss|lodash[^/]*)[@+]',
  ],
};
