/** Where services read the time, so that tests can move it (expiry, timeouts, TOTP steps). */
export type Clock = () => Date;

export const systemClock: Clock = () => new Date();

/** A clock that stands still until moved: `advance(ms)` or `set(date)`. */
export interface ManualClock {
  now: Clock;
  advance(ms: number): void;
  set(date: Date): void;
}

export function manualClock(start: Date = new Date()): ManualClock {
  let current = start.getTime();
  return {
    now: () => new Date(current),
    advance(ms) {
      current += ms;
    },
    set(date) {
      current = date.getTime();
    },
  };
}
