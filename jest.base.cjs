// Shared jest settings: swc transpiles TypeScript/JSX (ts-jest cannot use TypeScript 7).
const path = require('node:path');

const swc = [
  '@swc/jest',
  {
    jsc: {
      parser: { syntax: 'typescript', tsx: true },
      transform: { react: { runtime: 'automatic' } },
      target: 'es2022',
    },
    module: { type: 'commonjs' },
  },
];

/** @param {string} dir package directory; @param {'node'|'jsdom'} environment */
function jestConfig(dir, environment = 'jsdom') {
  return {
    rootDir: dir,
    displayName: path.basename(dir),
    testEnvironment: environment === 'jsdom' ? path.join(__dirname, 'jest.environment-dom.cjs') : environment,
    transform: { '^.+\\.(t|j|mj|cj)sx?$': swc },
    // ESM-only packages must be transpiled too.
    transformIgnorePatterns: ['/node_modules/(?!.pnpm)(?!(mitt|valibot|history)/)'],
    moduleFileExtensions: ['ts', 'tsx', 'js', 'mjs', 'cjs', 'json'],
    testMatch: ['<rootDir>/src/**/*.test.ts', '<rootDir>/src/**/*.test.tsx', '<rootDir>/federation/**/*.test.ts'],
    setupFilesAfterEnv: environment === 'jsdom' ? [path.join(__dirname, 'jest.setup-dom.cjs')] : [],
  };
}

module.exports = { jestConfig };
