const { jestConfig } = require('../jest.base.cjs');

// The repository's own tooling (the lint rules of scripts/lint).
module.exports = { ...jestConfig(__dirname, 'node'), testMatch: ['<rootDir>/lint/**/*.test.ts'] };
