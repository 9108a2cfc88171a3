// The due-date scheduler (issue 6): open tasks and unfinished requirements with a due date get
// Remind Due Date `reminderDays` (REQUIREMENT_REMINDER_DAYS, default 3) days before it and Past
// Due once it has passed — each once — and their assignees (a requirement's owner) a portal
// notification on `notifications#<userId>` unless the process's notification settings turn the
// event's portal channel off. Started by the app when ready, stopped when it closes; tests call
// `tick()` with a manual clock.
import { randomUUID } from 'node:crypto';
import type { Notification } from '@portal/shared/server';
import type { FastifyBaseLogger } from 'fastify';
import type { Database, Queryable } from '../db/database';
import type { Clock } from '../identity/clock';
import { completeSettings } from '../processes/index';
import { recordEvents } from '../realtime/outbox.repository';
import {
  activeUserOf,
  claimDueTask,
  dueEventRaised,
  dueRequirements,
  dueTasks,
  lockDueRequirement,
  notificationSettingsOf,
  requirementTitleOf,
  taskRecipients,
  type Recipient,
} from './scheduler.repository';
import { findTaskRecord, raiseEventOf } from './service';

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
  start(): void;
  /** Stops the timer and waits for a running pass. */
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
  log?: FastifyBaseLogger;
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

const TASK_NAMES: Record<string, string> = {
  REVIEW: 'review',
  DELEGATE: 'delegated',
  HAS_GAP: 'close gap',
  RESOLVE_REJECTED: 'resolve rejected',
  RESOLVE_RISK: 'resolve risk',
  RESOLVE_CONFLICT: 'resolve conflict',
};

async function portalOn(tx: Queryable, processId: string, event: string): Promise<boolean> {
  const row = await notificationSettingsOf(tx, processId);
  return completeSettings(row?.notification_settings ?? {})[event]?.portal ?? true;
}

async function notify(
  tx: Queryable,
  recipients: readonly Recipient[],
  content: { project: string; title: string; message: string; link: string; time: string },
): Promise<void> {
  await recordEvents(
    tx,
    recipients.map((recipient) => {
      const body: Notification = {
        eventId: randomUUID(),
        project: content.project,
        login_id: recipient.login_id,
        time: content.time,
        title: content.title,
        message: content.message,
        link: content.link,
        sender: 'Portal',
        read: false,
      };
      return { destination: `notifications#${recipient.id}`, body: { ...body } };
    }),
  );
}

export function createDueDateScheduler(options: SchedulerOptions): DueDateScheduler {
  const { db, now } = options;
  const settings = schedulerSettings();
  const reminderDays = options.reminderDays ?? settings.reminderDays;
  const intervalMs = options.intervalMs ?? settings.intervalMs;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> | undefined;

  /** Claims and raises one task's event; false when another pass took it first. */
  async function raiseForTask(taskId: string, kind: Kind, time: string): Promise<boolean> {
    return db.transaction(async (tx) => {
      const claimed = await claimDueTask(tx, taskId, kind, time);
      if (!claimed) return false;
      const task = (await findTaskRecord(tx, taskId))!;
      await raiseEventOf(tx, task, kind, null, { due_date: task.due_date });
      if (!(await portalOn(tx, task.process_id, `Task: ${kind}`))) return true;
      const recipients = await taskRecipients(tx, task.assigned_to_user, task.delegated_to, task.assigned_to_group);
      const requirement = task.requirement_id ? await requirementTitleOf(tx, task.requirement_id) : undefined;
      const what = `The ${TASK_NAMES[task.type] ?? task.type} task${requirement ? ` of ##${requirement.code} ${requirement.title}##` : ''}`;
      await notify(tx, recipients, {
        project: task.process_code.toLowerCase(),
        title: kind === 'Past Due' ? 'Task past due' : 'Task due soon',
        message: `${what} ${kind === 'Past Due' ? 'was' : 'is'} due on ${usDay(task.due_date!)}.`,
        link: '/collaboration/tasks',
        time,
      });
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
      if (!(await portalOn(tx, requirement.process_id, `Requirement: ${kind}`))) return true;
      const recipients = await activeUserOf(tx, requirement.owner_id ?? requirement.created_by);
      const what = `The requirement ##${requirement.code} ${requirement.title}##`;
      await notify(tx, recipients, {
        project: requirement.code_name.toLowerCase(),
        title: kind === 'Past Due' ? 'Requirement past due' : 'Requirement due soon',
        message: `${what} ${kind === 'Past Due' ? 'was' : 'is'} due on ${usDay(requirement.due_date)}.`,
        link: '/requirements',
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

  const scheduler: DueDateScheduler = {
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
    start() {
      if (timer || intervalMs <= 0) return;
      timer = setInterval(() => {
        if (running) return;
        scheduler.tick().catch((error: unknown) => options.log?.warn({ err: error }, 'due-date pass failed'));
      }, intervalMs);
      timer.unref();
    },
    async stop() {
      if (timer) clearInterval(timer);
      timer = undefined;
      if (running) await running.catch(() => undefined);
    },
  };
  return scheduler;
}
