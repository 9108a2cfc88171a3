// Who among a process's people holds a permission there (issue 22, docs/notifications.md): the
// alerts (New Vulnerability, New Active Exploit, License Risk) reach those who may receive them,
// the module configuration's changes those who may change it, an unassigned review those who may
// review. The people are those who hear the process's events (its members and the organization's
// role holders); each one's access is resolved as the guard resolves it.
import { checkPermission, type KnownPermission } from '@portal/shared/server';
import { resolveAccess } from '../authorization/access';
import type { Queryable } from '../db/database';
import { eventRecipients } from '../realtime/recipients';
import { organizationNameOf } from './process-people.repository';
import { findUserById } from './repository';

export interface ProcessPerson {
  id: string;
  login_id: string;
  /** Whether the person holds `permission` in the process. */
  may(permission: KnownPermission): boolean;
}

export interface ProcessRef {
  organizationId: string;
  processId: string;
  processCode: string;
}

/** The process's active people, each with a check of their permissions in the process. */
export async function processPeople(tx: Queryable, process: ProcessRef): Promise<ProcessPerson[]> {
  const where = { organization: await organizationNameOf(tx, process.organizationId), project: process.processCode.toLowerCase(), scope: 'project' };
  const people: ProcessPerson[] = [];
  for (const id of await eventRecipients(tx, process.organizationId, process.processId)) {
    const user = await findUserById(tx, id);
    if (!user || user.inactive || user.organization_id !== process.organizationId) continue;
    const access = await resolveAccess(tx, user);
    people.push({ id, login_id: user.login_id, may: (permission) => checkPermission(access, permission, where) });
  }
  return people;
}

/** The ids of the process's active people holding `permission` there. */
export async function peopleHolding(tx: Queryable, process: ProcessRef, permission: KnownPermission): Promise<string[]> {
  return (await processPeople(tx, process)).filter((person) => person.may(permission)).map((person) => person.id);
}
