// Review-by dates of documents (issue 23 item 7): like a task's due date, a document's owner (else
// its uploader) is told 'Remind Due Date' three days before its review-by date and
// 'Past Due' once it has passed — each once per date (a new date is reminded of again). They are
// notified as the process's settings say for the task kinds of the same name ('Task: Remind Due
// Date', 'Task: Past Due'). A pass is the scheduled job `document-reviews` (app.ts); tests call tick()
// with a manual clock.
import type { Database } from '../db/database';
import type { Clock } from '../identity/clock';
import { notify } from '../notifications/index';
import { linkText } from '../tasks/index';
import { claimReview, dueReviews } from './review.repository';
import { serialPass } from '../jobs/index';

export interface ReviewReminders {
  tick(): Promise<{ reminded: number; pastDue: number }>;
  /** How often the pass is scheduled (0: never). */
  readonly intervalMs: number;
  /** Waits for a running pass. */
  stop(): Promise<void>;
}

const dayOf = (date: Date) => date.toISOString().slice(0, 10);
/** A calendar day as the portal shows dates (spec 9): '2030-08-05' → '08/05/2030'. */
const usDay = (day: string) => `${day.slice(5, 7)}/${day.slice(8, 10)}/${day.slice(0, 4)}`;
/** As the tasks' due dates (REQUIREMENT_REMINDER_DAYS' default) and their scheduler's pass. */
export const REVIEW_REMINDER_DAYS = 3;
export const REVIEW_INTERVAL_MS = 60_000;

export function createReviewReminders(options: { db: Database; now: Clock; reminderDays?: number; intervalMs?: number }): ReviewReminders {
  const reminderDays = options.reminderDays ?? REVIEW_REMINDER_DAYS;
  const intervalMs = options.intervalMs ?? REVIEW_INTERVAL_MS;

  async function pass() {
    const moment = options.now();
    const time = moment.toISOString();
    const today = dayOf(moment);
    const horizon = dayOf(new Date(moment.getTime() + reminderDays * 86_400_000));
    let reminded = 0;
    let pastDue = 0;
    for (const due of await dueReviews(options.db, today, horizon)) {
      const raised = await options.db.transaction(async (tx) => {
        const document = await claimReview(tx, due.id, due.past, time);
        if (!document) return false;
        const kind = due.past ? 'Past Due' : 'Remind Due Date';
        const path = document.folder ? `${document.folder}/${document.name}` : document.name;
        await notify(tx, {
          processId: document.process_id,
          processCode: document.code_name,
          event: `Task: ${kind}`,
          recipients: document.owner_id ? [document.owner_id] : [],
          title: due.past ? 'Document review past due' : 'Document review due soon',
          message: `The review of ${linkText(path)} ${due.past ? 'was' : 'is'} due on ${usDay(document.review_by)}.`,
          link: `/collaboration/share-files?document=${document.id}`,
          time,
        });
        return true;
      });
      if (raised && due.past) pastDue += 1;
      else if (raised) reminded += 1;
    }
    return { reminded, pastDue };
  }

  const passes = serialPass(pass);
  return { tick: passes.tick, intervalMs, stop: passes.stop };
}
