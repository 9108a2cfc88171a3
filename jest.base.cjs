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

/**
 * Test files named on the command line right after `--selectProjects <name>` (where jest reads
 * them as more project names and would run the whole project): those files only. Elsewhere jest
 * filters by the paths itself, and with no file named nothing changes.
 */
function namedTestFiles() {
  const start = process.argv.indexOf('--selectProjects');
  if (start === -1) return [];
  const files = [];
  for (const arg of process.argv.slice(start + 1)) {
    if (arg.startsWith('-')) break;
    if (/\.test\.tsx?$/.test(arg)) files.push(path.resolve(arg));
  }
  return files;
}

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
    testMatch: namedTestFiles().length > 0
      ? namedTestFiles()
      : ['<rootDir>/src/**/*.test.ts', '<rootDir>/src/**/*.test.tsx', '<rootDir>/federation/**/*.test.ts'],
    setupFilesAfterEnv: environment === 'jsdom' ? [path.join(__dirname, 'jest.setup-dom.cjs')] : [],
  };
}

module.exports = { jestConfig };
