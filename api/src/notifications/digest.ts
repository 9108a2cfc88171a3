// The daily digest (issue 22 item 1): a user who chose it gets their notification mail as ONE mail
// a day. notify() queues such mail with digest=true; once a day, at NOTIFICATION_DIGEST_HOUR (UTC),
// this pass gathers each user's items queued before that hour into one digest row of the queue and
// marks the items as carried by it — in one transaction, so an item is in exactly one digest — and
// the mail relay sends the digest with its retries. Items queued after the hour wait for the next
// day. The mail relay runs the pass after its own once a digest time has come (no timer of its
// own); a pass that failed or an API that was down at the hour is caught up by the next one.
import type { Database } from '../db/database';
import type { Clock } from '../identity/clock';
import { digestMail } from './mail-content';
import { digestItems, queueDigest, type DigestItem } from './mail-queue.repository';

export interface DigestScheduler {
  /** One pass at the clock's time; resolves to the number of digests queued (tests call it). */
  tick(): Promise<number>;
  /** A pass if a digest time has come since the last one (the mail relay calls it after each of its passes). */
  catchUp(): Promise<void>;
}

export interface DigestOptions {
  db: Database;
  now: Clock;
  /** The hour (UTC) of the day's digest. */
  hour: number;
  /** The public address, for the digest's subject only (the relay writes the body). */
  publicUrl: string;
  /** Called after digests were queued (wakes the mail relay). */
  onQueued?: () => void;
}

/** The latest digest time at or before `now`: today at `hour`, or yesterday's if that is still to come. */
export function digestCutoff(now: Date, hour: number): Date {
  const cutoff = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate(), hour));
  if (cutoff > now) cutoff.setUTCDate(cutoff.getUTCDate() - 1);
  return cutoff;
}

function byUser(items: readonly DigestItem[]): DigestItem[][] {
  const groups = new Map<string, DigestItem[]>();
  for (const item of items) groups.set(item.user_id, [...(groups.get(item.user_id) ?? []), item]);
  return [...groups.values()];
}

export function createDigestScheduler(options: DigestOptions): DigestScheduler {
  const { db } = options;
  let lastCutoff = 0;

  async function pass(): Promise<number> {
    const cutoff = digestCutoff(options.now(), options.hour);
    lastCutoff = cutoff.getTime();
    const day = cutoff.toISOString().slice(0, 10);
    const queued = await db.transaction(async (tx) => {
      const groups = byUser(await digestItems(tx, cutoff, db.kind === 'postgres'));
      for (const group of groups) {
        const first = group[0] as DigestItem;
        const items = group.map(({ event, subject, message, link }) => ({ event, subject, message, link }));
        const { subject } = digestMail(options.publicUrl, day, items);
        await queueDigest(tx, { user_id: first.user_id, recipient: first.recipient, subject, items }, group.map((item) => item.seq));
      }
      return groups.length;
    });
    if (queued > 0) options.onQueued?.();
    return queued;
  }

  // Passes run one after another: a test's tick and the relay's catch-up never gather at once.
  let queue: Promise<unknown> = Promise.resolve();
  const scheduler: DigestScheduler = {
    tick() {
      const next = queue.then(pass);
      queue = next.catch(() => undefined);
      return next;
    },
    async catchUp() {
      if (digestCutoff(options.now(), options.hour).getTime() !== lastCutoff) await scheduler.tick();
    },
  };
  return scheduler;
}
