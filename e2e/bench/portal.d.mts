// The types of portal.mjs, for the benches written in TypeScript (layout-shifts.mts).
import type { Browser, BrowserContextOptions } from '@playwright/test';

export const ROOT: string;
export const CSRF: Record<string, string>;
export const CHROMIUM: string | undefined;
export const CHROMIUM_ARGS: string[];

export interface BenchUser {
  login: string;
  password: string;
}

export function startPortal(options: {
  port: number;
  organization: string;
  process: string;
  user: BenchUser;
  advisories?: string[];
  seed?: string[][];
  env?: Record<string, string>;
}): Promise<() => void>;

export function signIn(browser: Browser, base: string, user: BenchUser): Promise<NonNullable<BrowserContextOptions['storageState']>>;

export function percentile(sorted: number[], p: number): number;

/** For addInitScript: LCP, CLS and the shifts with what moved, read back as window.__vitals. */
export function observeVitals(): void;
