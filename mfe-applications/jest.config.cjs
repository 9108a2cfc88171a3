const { jestConfig } = require('../jest.base.cjs');

const base = jestConfig(__dirname, 'jsdom');

// d3 (graph view, priority plane) and react-markdown, rehype-sanitize, remark-gfm (an advisory's
// details) with their unified/micromark trees are ESM only: transpile every dependency but the
// big CommonJS ones, as mfe-operations does.
module.exports = {
  ...base,
  transformIgnorePatterns: [
    '/node_modules/\\.pnpm/(react|react-dom|scheduler|@chakra-ui|@zag-js|@ark-ui|@emotion|@tanstack|@testing-library|@swc|@babel|jsdom|single-spa|single-spa-react|react-router|react-router-dom|@pandacss|lodash[^/]*)[@+]',
  ],
};
