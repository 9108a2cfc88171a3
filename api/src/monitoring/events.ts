// Raising monitoring events (spec 4.5 New Vulnerability, New Active Exploit) in the transaction of
// the change that found them: each is stored, announced on the events#<userId> queue of the
// process's people (screens follow live), and notified through notify() — one notification per
// application, build and type, in the portal and by mail as the process's settings say — to those
// of them who may receive that alert (spec 6 alerts).
import { PERMISSIONS, type KnownPermission, type MonitoringEvent, type MonitoringEventType, type MonitoringSource } from '@portal/shared/server';
import type { Queryable } from '../db/database';
import { notifyAll, type NotificationInput } from '../notifications/index';
import { recordEvents, type OutboxEvent } from '../realtime/outbox.repository';
import { permittedRecipients } from '../realtime/audience';
import { eventView, insertEvents, type NewEvent } from './repository';
import type { EventFinding, MonitoredBuild } from './scan';

export const NEW_VULNERABILITY: MonitoringEventType = 'New Vulnerability';
export const NEW_ACTIVE_EXPLOIT: MonitoringEventType = 'New Active Exploit';
export const MONITORING_SENDER = 'Continuous Monitoring';
export const EVENTS_PATH = '/applications/monitoring/events';

const ALERT: Record<MonitoringEventType, KnownPermission> = {
  [NEW_VULNERABILITY]: PERMISSIONS.applications.ALERT.NEW_VULNERABILITY,
  [NEW_ACTIVE_EXPLOIT]: PERMISSIONS.applications.ALERT.ACTIVE_EXPLOIT,
};

export interface Raised {
  type: MonitoringEventType;
  finding: EventFinding;
}

/** The events a change raises: a new finding is New Vulnerability (and New Active Exploit when exploited); a known one newly exploited, New Active Exploit. */
export function eventsOf(added: readonly EventFinding[], exploited: readonly EventFinding[]): Raised[] {
  return [
    ...added.map((finding) => ({ type: NEW_VULNERABILITY, finding })),
    ...added.filter((finding) => finding.activeExploit).map((finding) => ({ type: NEW_ACTIVE_EXPLOIT, finding })),
    ...exploited.map((finding) => ({ type: NEW_ACTIVE_EXPLOIT, finding })),
  ];
}

const componentName = (component: MonitoringEvent['component']) =>
  `${component.group ? `${component.group}/` : ''}${component.name}${component.version ? ` ${component.version}` : ''}`;

/** 'GHSA-… (HIGH) in lodash 4.17.15'. */
const described = (event: MonitoringEvent) =>
  `${event.vulnerability_id} (${event.severity}) in ${componentName(event.component)}`;

/** The notification of one application's events of one type: what was found, and a link to see it. */
export function notificationText(build: MonitoredBuild, type: MonitoringEventType, events: readonly MonitoringEvent[]): { message: string; link: string } {
  const where = `##${build.app_key}## (build ${build.build_number})`;
  if (events.length === 1) {
    const [event] = events;
    const what = type === NEW_ACTIVE_EXPLOIT ? 'is now actively exploited' : 'was found';
    return { message: `${described(event)} ${what} in ${where}.`, link: `${EVENTS_PATH}?event=${event.id}` };
  }
  const shown = events.slice(0, 3).map(described).join(', ');
  const more = events.length > 3 ? `, and ${events.length - 3} more` : '';
  const what = type === NEW_ACTIVE_EXPLOIT ? 'vulnerabilities are now actively exploited' : 'new vulnerabilities were found';
  return { message: `${events.length} ${what} in ${where}: ${shown}${more}.`, link: `${EVENTS_PATH}?app=${encodeURIComponent(build.app_key)}` };
}

export interface Recipient {
  id: string;
  alerts: Set<MonitoringEventType>;
  /** May view the process's applications: hears of the events live (issue 22). */
  views: boolean;
}

/** The recipients of processes already looked up, by process (a batch of builds of one process asks once). */
export type Recipients = Map<string, Recipient[]>;

/** The process's people, each with the alerts they may receive there. */
async function recipientsOf(tx: Queryable, build: MonitoredBuild): Promise<Recipient[]> {
  const scope = { organizationId: build.organization_id, processId: build.process_id, processCode: build.process_code };
  const viewers = await permittedRecipients(tx, scope, PERMISSIONS.applications.APPLICATION.VIEW);
  const told: Array<readonly [MonitoringEventType, Set<string>]> = [];
  for (const type of [NEW_VULNERABILITY, NEW_ACTIVE_EXPLOIT] as const) told.push([type, new Set(await permittedRecipients(tx, scope, ALERT[type]))]);
  const ids = new Set([...viewers, ...told.flatMap(([, holders]) => [...holders])]);
  return [...ids].map((id) => ({
    id,
    alerts: new Set(told.filter(([, holders]) => holders.has(id)).map(([type]) => type)),
    views: viewers.includes(id),
  }));

}

/** Stores, announces and notifies the events of one build's changes, in `tx`; answers them. */
export async function raiseEvents(
  tx: Queryable,
  build: MonitoredBuild,
  raised: readonly Raised[],
  source: MonitoringSource,
  actorId: string | null,
): Promise<MonitoringEvent[]> {
  return (await raiseBatchEvents(tx, [{ build, raised }], source, actorId, null, new Map()))[0]!;
}

/**
 * Stores, announces and notifies the events of several builds' changes (a batch of a run), in
 * `tx`, in a few statements: the events in one, the notifications (one per build and type) in one
 * per channel, the events' `events#` messages in one. Answers each build's events, in order.
 */
export async function raiseBatchEvents(
  tx: Queryable,
  builds: ReadonlyArray<{ build: MonitoredBuild; raised: readonly Raised[] }>,
  source: MonitoringSource,
  actorId: string | null,
  /** The run that found them (null: a simulation). */
  runId: string | null,
  /** The recipients of the processes looked up already, kept up to date. */
  known: Recipients,
): Promise<MonitoringEvent[][]> {
  const recipientsFor = async (build: MonitoredBuild) => {
    let recipients = known.get(build.process_id);
    if (!recipients) {
      recipients = await recipientsOf(tx, build);
      known.set(build.process_id, recipients);
    }
    return recipients;
  };
  const news: NewEvent[] = [];
  for (const { build, raised } of builds) {
    if (raised.length === 0) continue;
    const recipients = await recipientsFor(build);
    for (const { type, finding } of raised) news.push({ build, type, finding, notified: recipients.filter((recipient) => recipient.alerts.has(type)).length });
  }
  const rows = await insertEvents(tx, news, source, actorId, runId);
  const outbox: OutboxEvent[] = [];
  const notifications: NotificationInput[] = [];
  let next = 0;
  const answered: MonitoringEvent[][] = [];
  for (const { build, raised } of builds) {
    const events = rows.slice(next, next + raised.length).map(eventView);
    next += raised.length;
    answered.push(events);
    if (events.length === 0) continue;
    const recipients = known.get(build.process_id)!;
    const graph = build.process_code.toLowerCase();
    for (const event of events) {
      for (const recipient of recipients.filter((candidate) => candidate.views)) {
        outbox.push({
          destination: `events#${recipient.id}`,
          body: {
            type: event.type,
            eventId: event.id,
            session_id: '',
            time: event.created_at,
            data: { graph, id: event.id, app_key: build.app_key, vulnerability_id: event.vulnerability_id, severity: event.severity },
          },
        });
      }
    }
    for (const type of [NEW_VULNERABILITY, NEW_ACTIVE_EXPLOIT] as const) {
      const ofType = events.filter((event) => event.type === type);
      if (ofType.length === 0) continue;
      const { message, link } = notificationText(build, type, ofType);
      notifications.push({
        processId: build.process_id,
        processCode: build.process_code,
        event: type,
        // An alert is about what was found, not about who asked for the scan: the asker hears it too.
        recipients: recipients.filter((candidate) => candidate.alerts.has(type)).map((recipient) => recipient.id),
        title: type,
        message,
        link,
        sender: MONITORING_SENDER,
        time: ofType[0]!.created_at,
      });
    }
  }
  // The notifications first: the relays publish in order, the bell before the screens' thousands of events.
  await notifyAll(tx, notifications);
  await recordEvents(tx, outbox);
  return answered;
}
