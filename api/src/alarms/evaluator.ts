// When alarms are evaluated (docs/alarms.md): after each metric snapshot of a process (the
// metrics family calls `evaluateProcess` — one call, nothing else of alarms is known there), and
// as the scheduled job `alarms` (ALARMS_TICK_MS, default a minute; 0: not scheduled) so that `for` elapses without new
// snapshots and pending webhook deliveries are picked up again. Tests call `tick()`.
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { schedulePass } from '../jobs/index';
import type { Database } from '../db/database';
import type { Clock } from '../identity/clock';
import type { SecretBox } from '../identity/secret-box';
import { processesWithAlarms } from './repository';
import { evaluateProcessAlarms, type TransitionContext } from './service';
import { createWebhookSender, type WebhookSender } from './webhook';

declare module 'fastify' {
  interface FastifyInstance {
    /** Alarms' evaluation and webhook deliveries (tests: `app.alarms.tick()`, `.webhooks.settle()`). */
    alarms: AlarmEvaluator;
  }
}

export const DEFAULT_ALARMS_TICK_MS = 60_000;

export interface AlarmEvaluator {
  /** Evaluates one process's alarms now (after its metric snapshot); resolves to the state changes. */
  evaluateProcess(processId: string): Promise<number>;
  /** Evaluates every process's alarms and resumes due webhook deliveries; resolves to the state changes. */
  tick(): Promise<number>;
  /** Sends the deliveries a transaction queued (after it committed). */
  send(deliveries: readonly (string | undefined)[]): void;
  webhooks: WebhookSender;
  context: TransitionContext;
  /** How often the pass is scheduled (0: never). */
  readonly tickMs: number;
  stop(): Promise<void>;
}

function milliseconds(text: string | undefined, fallback: number): number {
  const value = Number(text);
  return text !== undefined && text !== '' && Number.isFinite(value) && value >= 0 ? value : fallback;
}

export interface AlarmEvaluatorOptions {
  db: Database;
  box: SecretBox;
  now: Clock;
  log?: FastifyBaseLogger;
  /** Called after a change that recorded notifications (the outbox relay). */
  published?: () => void;
  tickMs?: number;
  /** Webhook attempts and first backoff (ALARMS_WEBHOOK_ATTEMPTS, ALARMS_WEBHOOK_BACKOFF_MS). */
  attempts?: number;
  backoffMs?: number;
}

export function createAlarmEvaluator(options: AlarmEvaluatorOptions): AlarmEvaluator {
  const { db, now } = options;
  const tickMs = options.tickMs ?? milliseconds(process.env.ALARMS_TICK_MS, DEFAULT_ALARMS_TICK_MS);
  const webhooks = createWebhookSender({
    db,
    box: options.box,
    log: options.log,
    attempts: options.attempts ?? (milliseconds(process.env.ALARMS_WEBHOOK_ATTEMPTS, 5) || 5),
    backoffMs: options.backoffMs ?? milliseconds(process.env.ALARMS_WEBHOOK_BACKOFF_MS, 1000),
  });
  const context: TransitionContext = { box: options.box, wallClock: () => new Date() };

  const evaluator: AlarmEvaluator = {
    webhooks,
    context,
    send(deliveries) {
      for (const id of deliveries) if (id) void webhooks.deliver(id);
    },
    async evaluateProcess(processId) {
      const { changes, deliveries } = await evaluateProcessAlarms(db, context, processId, now());
      if (changes > 0) options.published?.();
      evaluator.send(deliveries);
      return changes;
    },
    async tick() {
      let changes = 0;
      for (const process of await processesWithAlarms(db)) changes += await evaluator.evaluateProcess(process.id);
      await webhooks.resume();
      return changes;
    },
    tickMs,
    async stop() {
      webhooks.stop();
      await webhooks.settle();
    },
  };
  return evaluator;
}

/** Decorates `app.alarms` and schedules its pass (the job `alarms`). */
export function registerAlarmEvaluator(app: FastifyInstance, now: Clock): AlarmEvaluator {
  const evaluator = createAlarmEvaluator({ db: app.database, box: app.identity.box, now, log: app.log, published: () => app.outboxRelay.notify() });
  app.decorate('alarms', evaluator);
  schedulePass(app, 'alarms', evaluator.tickMs, () => evaluator.tick());
  app.addHook('preClose', async () => evaluator.stop());
  return evaluator;
}
