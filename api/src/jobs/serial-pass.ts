// A family's periodic pass that never overlaps itself in a process (the due-date scheduler, the
// review-by reminders, the cloud syncs): a tick waits for a pass under way, then runs its own;
// stopping waits for the pass under way. Across processes the scheduled job fires once per tick.

export interface SerialPass<T> {
  /** Runs a pass once none is under way; resolves to what it did. */
  tick(): Promise<T>;
  /** Waits for the pass under way (its failure is the tick's to report). */
  stop(): Promise<void>;
}

export function serialPass<T>(pass: () => Promise<T>): SerialPass<T> {
  let running: Promise<T> | undefined;
  return {
    async tick() {
      while (running) await running.catch(() => undefined);
      const current = pass();
      running = current;
      try {
        return await current;
      } finally {
        running = undefined;
      }
    },
    async stop() {
      if (running) await running.catch(() => undefined);
    },
  };
}
