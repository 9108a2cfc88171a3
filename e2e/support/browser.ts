import { existsSync } from 'node:fs';

/**
 * Debian's Chromium when the machine has it (Playwright's own browser download cannot work on
 * the project's machines); otherwise Playwright's bundled browser (`npx playwright install`).
 */
export const SYSTEM_CHROMIUM = ['/usr/bin/chromium', '/usr/bin/chromium-browser'].find((path) => existsSync(path));

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export const launchOptions = SYSTEM_CHROMIUM ? { executablePath: SYSTEM_CHROMIUM, args: CHROMIUM_ARGS } : { args: CHROMIUM_ARGS };
