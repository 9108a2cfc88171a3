const { jestConfig } = require('../jest.base.cjs');

const base = jestConfig(__dirname, 'jsdom');

// d3 (the shared kit's priority plane, reached through @portal/shared/screens) is ESM only, with
// its own small dependencies: transpiled too.
module.exports = {
  ...base,
  transformIgnorePatterns: ['/node_modules/(?!.pnpm)(?!(mitt|valibot|history|d3|d3-[a-z-]+|internmap|delaunator|robust-predicates)/)'],
};
