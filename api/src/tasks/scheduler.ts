// The due-date scheduler (issue 6): open tasks and unfinished requirements with a due date get
// Remind Due Date `reminderDays` (REQUIREMENT_REMINDER_DAYS, default 3) days before it and Past
// Due once it has passed — each once — and their assignees (a requirement's owner, else its
// author) are notified through notify(): in the portal and by mail as the process's notification
// settings say. A pass is the scheduled job `due-dates` (app.ts; issue 27: once per tick across
// the processes, each raise claimed besides); tests call `tick()` with a manual clock.
import type { Database, Queryable } from '../db/database';
import type { Clock } from '../identity/clock';
import { notify } from '../notifications/index';
import { linkText, notifyTask, requirementLink } from './notices';
import { claimDueTask, dueEventRaised, dueRequirements, dueTasks, lockDueRequirement } from './scheduler.repository';
import { findTaskRecord, openNextOccurrence, raiseEventOf } from './service';
import { serialPass } from '../jobs/index';

declare module 'fastify' {
  interface FastifyInstance {
    /** Raises due-date reminders and past-due events (tests: `app.dueDates.tick()`). */
    dueDates: DueDateScheduler;
  }
}

export const DEFAULT_REMINDER_DAYS = 3;
export const DEFAULT_INTERVAL_MS = 60_000;

export interface DueDateScheduler {
  /** One pass; resolves to what it raised. */
  tick(): Promise<{ reminded: number; pastDue: number }>;
  /** How often the pass is scheduled (REQUIREMENT_SCHEDULER_INTERVAL_MS; 0: never). */
  readonly intervalMs: number;
  /** Waits for a running pass. */
  stop(): Promise<void>;
}

/** What a requirement's due-date reminder or past-due raises (the requirements family's event, in `tx`). */
export interface RequirementDueEvent {
  organizationId: string;
  processId: string;
  processCode: string;
  requirementId: string;
  type: Kind;
  actor: null;
  data: { due_date: string };
}

export interface SchedulerOptions {
  db: Database;
  /** Records a requirement's due-date event (app.ts wires the requirements family's). */
  raiseRequirementEvent(tx: Queryable, event: RequirementDueEvent): Promise<unknown>;
  now: Clock;
  reminderDays?: number;
  intervalMs?: number;
}

function positiveNumber(text: string | undefined, fallback: number): number {
  const value = Number(text);
  return text !== undefined && text !== '' && Number.isFinite(value) && value >= 0 ? value : fallback;
}

/** REQUIREMENT_REMINDER_DAYS and REQUIREMENT_SCHEDULER_INTERVAL_MS (0: no timer) from the environment. */
export function schedulerSettings(env: Partial<Record<string, string | undefined>> = process.env): { reminderDays: number; intervalMs: number } {
  return {
    reminderDays: Math.floor(positiveNumber(env.REQUIREMENT_REMINDER_DAYS, DEFAULT_REMINDER_DAYS)),
    intervalMs: positiveNumber(env.REQUIREMENT_SCHEDULER_INTERVAL_MS, DEFAULT_INTERVAL_MS),
  };
}

type Kind = 'Remind Due Date' | 'Past Due';

const dayOf = (date: Date): string => date.toISOString().slice(0, 10);

/** A calendar day as the portal shows dates (spec 9): '2030-08-05' → '08/05/2030'. */
export const usDay = (day: string): string => `${day.slice(5, 7)}/${day.slice(8, 10)}/${day.slice(0, 4)}`;

function addDays(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return dayOf(date);
}

export function createDueDateScheduler(options: SchedulerOptions): DueDateScheduler {
  const { db, now } = options;
  const settings = schedulerSettings();
  const reminderDays = options.reminderDays ?? settings.reminderDays;
  const intervalMs = options.intervalMs ?? settings.intervalMs;

  /** Claims and raises one task's event; false when another pass took it first. */
  async function raiseForTask(taskId: string, kind: Kind, time: string): Promise<boolean> {
    return db.transaction(async (tx) => {
      const claimed = await claimDueTask(tx, taskId, kind, time);
      if (!claimed) return false;
      const task = (await findTaskRecord(tx, taskId))!;
      await raiseEventOf(tx, task, kind, null, { due_date: task.due_date });
      await notifyTask(tx, task, kind, null, { due_day: usDay(task.due_date!), time });
      // A recurring task that fell due opens its next occurrence (once: see openNextOccurrence).
      if (kind === 'Past Due') await openNextOccurrence(tx, task);
      return true;
    });
  }

  /** Raises one requirement's event once per due date; false when already raised. */
  async function raiseForRequirement(requirementId: string, kind: Kind, time: string): Promise<boolean> {
    return db.transaction(async (tx) => {
      const requirement = await lockDueRequirement(tx, requirementId);
      if (!requirement) return false;
      const seen = await dueEventRaised(tx, requirementId, kind, requirement.due_date);
      if (seen) return false;
      await options.raiseRequirementEvent(tx, {
        organizationId: requirement.organization_id,
        processId: requirement.process_id,
        processCode: requirement.code_name,
        requirementId,
        type: kind,
        actor: null,
        data: { due_date: requirement.due_date },
      });
      const owner = requirement.owner_id ?? requirement.created_by;
      await notify(tx, {
        processId: requirement.process_id,
        processCode: requirement.code_name,
        event: `Requirement: ${kind}`,
        recipients: owner ? [owner] : [],
        title: kind === 'Past Due' ? 'Requirement past due' : 'Requirement due soon',
        message: `The requirement ${linkText(`${requirement.code} ${requirement.title}`)} ${kind === 'Past Due' ? 'was' : 'is'} due on ${usDay(requirement.due_date)}.`,
        link: requirementLink(requirementId),
        time,
      });
      return true;
    });
  }

  async function pass(): Promise<{ reminded: number; pastDue: number }> {
    const moment = now();
    const time = moment.toISOString();
    const today = dayOf(moment);
    const horizon = addDays(today, reminderDays);
    let reminded = 0;
    let pastDue = 0;
    const due = await dueTasks(db, today, horizon);
    for (const task of due) {
      if (await raiseForTask(task.id, task.past ? 'Past Due' : 'Remind Due Date', time)) {
        if (task.past) pastDue += 1;
        else reminded += 1;
      }
    }
    const requirements = await dueRequirements(db, today, horizon);
    for (const requirement of requirements) {
      if (await raiseForRequirement(requirement.id, requirement.past ? 'Past Due' : 'Remind Due Date', time)) {
        if (requirement.past) pastDue += 1;
        else reminded += 1;
      }
    }
    return { reminded, pastDue };
  }

  const passes = serialPass(pass);
  return { tick: passes.tick, intervalMs, stop: passes.stop };
}
