const path = require('node:path');
const { jestConfig } = require('../jest.base.cjs');

const base = jestConfig(__dirname, 'node');

module.exports = {
  ...base,
  // Packages of the server stack that ship ESM only (content-disposition, cookie, openid-client and its jose, oauth4webapi;
  // the PyPI and RubyGems version orders of the vulnerability matcher).
  transformIgnorePatterns: ['/node_modules/(?!.pnpm)(?!(mitt|valibot|history|content-disposition|cookie|openid-client|oauth4webapi|jose|@renovatebot/pep440|@renovatebot/ruby-semver)/)'],
  moduleNameMapper: { '^@electric-sql/pglite$': path.join(__dirname, 'src/testing/pglite-native.cjs') },
  // One embedded database template, kept between runs; each test file copies it.
  globalSetup: path.join(__dirname, 'src/testing/global-setup.ts'),
  setupFilesAfterEnv: [path.join(__dirname, 'src/testing/timeout.ts')],
  // *.postgres.test.ts: what needs a Postgres server (several API processes on one database), in
  // the run against DATABASE_URL only.
  testPathIgnorePatterns: ['/node_modules/', ...(process.env.DATABASE_URL ? [] : ['\\.postgres\\.test\\.ts$'])],
};
