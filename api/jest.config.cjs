const { readdirSync, readFileSync } = require('node:fs');
const path = require('node:path');
const { jestConfig } = require('../jest.base.cjs');

/**
 * Suites whose opening comment says `@backend-agnostic`, with why: what they prove does not
 * depend on the database server or the broker (PGlite is the same Postgres engine, and the SQL
 * they reach runs on the servers in other suites). `npm test` runs them on the embedded defaults
 * only; the pass against DATABASE_URL / RABBITMQ_URL (PORTAL_TEST_PASS=servers) leaves them out.
 */
function backendAgnosticSuites(dir) {
  const found = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) found.push(...backendAgnosticSuites(file));
    else if (/\.test\.tsx?$/.test(entry.name) && readFileSync(file, 'utf8').slice(0, 600).includes('@backend-agnostic')) found.push(file);
  }
  return found;
}
const serversPass = process.env.PORTAL_TEST_PASS === 'servers';
const escape = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

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
  testPathIgnorePatterns: [
    '/node_modules/',
    ...(process.env.DATABASE_URL ? [] : ['\\.postgres\\.test\\.ts$']),
    ...(serversPass ? backendAgnosticSuites(path.join(__dirname, 'src')).map((file) => `${escape(file)}$`) : []),
  ],
};
