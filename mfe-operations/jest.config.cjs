const { jestConfig } = require('../jest.base.cjs');

const base = jestConfig(__dirname, 'jsdom');

// react-markdown, rehype-sanitize, remark-gfm (a rule's help) and d3 (through
// @portal/shared/screens) are ESM only: transpile every dependency but the big CommonJS ones, as
// mfe-collaboration does.
module.exports = {
  ...base,
  transformIgnorePatterns: [
    '/node_modules/\\.pnpm/(react|react-dom|scheduler|@chakra-ui|@zag-js|@ark-ui|@emotion|@tanstack|@testing-library|@swc|@babel|jsdom|single-spa|single-spa-react|react-router|react-router-dom|@pandacss|lodash[^/]*)[@+]',
  ],
};
