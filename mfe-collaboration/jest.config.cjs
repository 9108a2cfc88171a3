const { jestConfig } = require('../jest.base.cjs');

const base = jestConfig(__dirname, 'jsdom');

// d3 (reached through @portal/shared/screens: the priority plane; the org chart) is ESM only, with its own small dependencies: transpiled too.
module.exports = {
  ...base,
  transformIgnorePatterns: ['/node_modules/(?!.pnpm)(?!(mitt|valibot|history|d3|d3-[a-z-]+|internmap|delaunator|robust-predicates)/)'],
};
