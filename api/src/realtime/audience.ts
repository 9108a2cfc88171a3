// Who may hear of a change to an object of a process (issue 22): not every member of the process,
// only those of its event recipients (recipients.ts) whose access there holds the permission that
// shows the object — the members who may view an application hear of its builds, profiles and
// analyses; a member without it does not learn that a build arrived.
import { randomUUID } from 'node:crypto';
import { checkPermission, type KnownPermissionCheck } from '@portal/shared/server';
import { resolveAccess } from '../authorization/access';
import { findOrganizationName } from '../authorization/caller.repository';
import type { Queryable } from '../db/database';
import { activeUsers } from './audience.repository';
import { recordEvents } from './outbox.repository';
import { eventRecipients, oncePerTransaction } from './recipients';

/** The process an event belongs to. */
export interface EventScope {
  organizationId: string;
  processId: string;
  /** Its code name (any case): the `project` of the policies' conditions. */
  processCode: string;
}

/** The ids of the process's event recipients who hold `permission` in it (looked up once per transaction). */
export function permittedRecipients(tx: Queryable, scope: EventScope, permission: KnownPermissionCheck): Promise<string[]> {
  return oncePerTransaction(tx, `${scope.organizationId}/${scope.processId}/${JSON.stringify(permission)}`, () => lookUp(tx, scope, permission));
}

async function lookUp(tx: Queryable, scope: EventScope, permission: KnownPermissionCheck): Promise<string[]> {
  const users = await activeUsers(tx, await eventRecipients(tx, scope.organizationId, scope.processId));
  if (users.length === 0) return [];
  const organization = await findOrganizationName(tx, scope.organizationId);
  const context = { organization: organization?.name, project: scope.processCode.toLowerCase(), scope: 'project' };
  const permitted: string[] = [];
  for (const user of users) {
    if (checkPermission(await resolveAccess(tx, user), permission, context)) permitted.push(user.id);
  }
  return permitted;
}

/** A live event as browsers receive it on `events#<userId>`. */
export interface LiveChange {
  type: string;
  eventId: string;
  /** The browser session whose action raised it ('' for none: CI, processing, a schedule). */
  session_id: string;
  time: string;
  data: { graph: string } & Record<string, unknown>;
}

/** Records `event` on the queue of each recipient who holds `permission` in the process, in `tx`. */
export async function publishTo(tx: Queryable, scope: EventScope, permission: KnownPermissionCheck, event: LiveChange): Promise<void> {
  const recipients = await permittedRecipients(tx, scope, permission);
  await recordEvents(
    tx,
    recipients.map((userId) => ({ destination: `events#${userId}`, body: { ...event } })),
  );
}

/** `publishTo` of a new event of `type` saying `data` of the process's object (a change made now). */
export function announceChange(
  tx: Queryable,
  scope: EventScope,
  permission: KnownPermissionCheck,
  type: string,
  data: Record<string, unknown>,
  sessionId = '',
): Promise<void> {
  return publishTo(tx, scope, permission, {
    type,
    eventId: randomUUID(),
    session_id: sessionId,
    time: new Date().toISOString(),
    data: { ...data, graph: scope.processCode.toLowerCase() },
  });
}
