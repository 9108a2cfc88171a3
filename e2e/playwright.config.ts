import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { defineConfig } from '@playwright/test';
import { launchOptions } from './support/browser';
import { BASE_URL, DEFAULT_REMOTES, E2E_DIR, E2E_PORT, REMOTES_JSON, REPO_ROOT } from './support/portal';
import { AUTH_FILE, createUsers, PASSWORD_MAX_AGE_DAYS } from './support/users';
import { serversConfigured } from './tests/scale-out/processes';

const DATA_DIR = join(E2E_DIR, 'data');
// E2E_OIDC_PORT with E2E_PORT lets two checkouts run their suites side by side.
const OIDC_PORT = Number(process.env.E2E_OIDC_PORT ?? 8199);
const OIDC_ISSUER = `http://127.0.0.1:${OIDC_PORT}`;

// A fresh data directory, users and runtime manifest for every run (the config is evaluated in
// the runner before the web server starts, and again in each worker).
if (!process.env.TEST_WORKER_INDEX) {
  rmSync(E2E_DIR, { recursive: true, force: true });
  mkdirSync(E2E_DIR, { recursive: true });
  writeFileSync(REMOTES_JSON, JSON.stringify(DEFAULT_REMOTES, null, 2));
  createUsers(DATA_DIR);
}

export default defineConfig({
  testDir: './tests',
  // Tests repoint remotes in the one runtime manifest: run them one at a time.
  workers: 1,
  fullyParallel: false,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  retries: 0,
  reporter: [['list']],
  use: {
    baseURL: BASE_URL,
    // A step that cannot happen fails in seconds, not at the test's timeout.
    actionTimeout: 15_000,
    launchOptions,
    trace: 'retain-on-failure',
  },
  projects: [
    { name: 'setup', testMatch: /\.setup\.ts$/ },
    // The composed portal, signed in as the navigator.
    { name: 'portal', dependencies: ['setup'], testIgnore: /(\.setup|(identity|administration|realtime|requirements|applications|collaboration|operations|scale-out)\/.*)\.ts$/, use: { storageState: AUTH_FILE } },
    // Sign-in, two-factor and account flows: each test signs its own users in.
    { name: 'identity', dependencies: ['setup'], testMatch: /identity\/.*\.spec\.ts$/ },
    // Administration (issue 5): each test signs its own users in.
    { name: 'administration', dependencies: ['setup'], testMatch: /administration\/.*\.spec\.ts$/ },
    // Requirements (issue 6): each test signs its own users in.
    { name: 'requirements', dependencies: ['setup'], testMatch: /requirements\/.*\.spec\.ts$/ },
    // Applications (issue 7): each test signs its own users in.
    { name: 'applications', dependencies: ['setup'], testMatch: /applications\/.*\.spec\.ts$/ },
    // Collaboration (issue 23): tasks inbox, workflow, shared files, org chart; each test signs its own users in.
    { name: 'collaboration', dependencies: ['setup'], testMatch: /collaboration\/.*\.spec\.ts$/ },
    // Operations (issue 24): security findings uploaded, triaged and re-imported; each test signs its own users in.
    { name: 'operations', dependencies: ['setup'], testMatch: /operations\/.*\.spec\.ts$/ },
    // Real time (issue 4): tabs, instant messages, broker restart, shell; each test signs its own users in.
    { name: 'realtime', dependencies: ['setup'], testMatch: /realtime\/.*\.spec\.ts$/ },
    // Scale-out (issue 27 item 3): two API processes and two job workers of its own on Postgres and
    // RabbitMQ. Only where CI's servers are configured (.ci/run exports them): elsewhere the
    // project does not exist, rather than a skipped test.
    ...(serversConfigured() ? [{ name: 'scale-out', testMatch: /scale-out\/.*\.spec\.ts$/ }] : []),
  ],
  webServer: [
    {
      // The identity platform of the third-party sign-in (a local OpenID Connect provider).
      command: `node support/oidc-provider.mjs ${OIDC_PORT}`,
      cwd: __dirname,
      url: `${OIDC_ISSUER}/.well-known/openid-configuration`,
      timeout: 60_000,
      reuseExistingServer: false,
      stdout: 'ignore',
      stderr: 'pipe',
    },
    {
      // Exactly as a user starts the portal.
      command: 'node scripts/portal.mjs start',
      cwd: REPO_ROOT,
      url: `${BASE_URL}/api/health`,
      timeout: 600_000,
      reuseExistingServer: false,
      stdout: 'ignore',
      stderr: 'pipe',
      env: {
        PORT: String(E2E_PORT),
        DATA_DIR,
        // The suite reads one-time codes from the mail outbox.
        MAIL_OUTBOX_API: 'true',
        // The POC group's routes (spec 2.3) are served, so the route table visits them; without the
        // flag they are the 404 page (host/src/app/poc.test.tsx).
        POC_FEATURES: 'true',
        PASSWORD_MAX_AGE_DAYS: String(PASSWORD_MAX_AGE_DAYS),
        OIDC_ISSUER,
        OIDC_CLIENT_ID: 'portal-e2e',
        OIDC_CLIENT_SECRET: 'portal-e2e-secret',
        REMOTES_JSON,
        // The portal as `npm start` runs it: embedded database and broker, whatever CI exports.
        DATABASE_URL: '',
        RABBITMQ_URL: '',
        RABBITMQ_STOMP_URL: '',
        LOG_LEVEL: 'warn',
      },
    },
  ],
});
