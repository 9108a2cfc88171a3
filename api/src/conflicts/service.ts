// Conflicts between requirements (issue 6 item 8): recording one opens a RESOLVE_CONFLICT task,
// assigned to the first requirement's owner unless the body names someone.
import { findRequirement, liveRequirement, organizationUser, refuse, text, type Scope } from '../analysis/service';
import type { NewConflict } from '@portal/shared/server';
import type { Database, Queryable } from '../db/database';
import { ApiProblem } from '../http/problem';
import { openTask } from '../tasks/service';
import { conflictById, insertConflict, listConflicts, openConflictExists, setConflictTask, type Conflict } from './repository';

export type { Conflict };

export const SELF_CONFLICT = 'A requirement cannot conflict with itself: choose two different requirements.';
export const CONFLICT_RECORDED = 'An open conflict between these requirements is already recorded.';

export type NewConflictInput = NewConflict;

/** POST conflicts. */
export async function recordConflict(db: Database, scope: Scope, body: NewConflictInput): Promise<Conflict> {
  const fields: Record<string, string> = {};
  const description = text(fields, 'description', body.description, 10000);
  await findRequirement(db, scope, body.requirement_a_id);
  await findRequirement(db, scope, body.requirement_b_id);
  if (body.requirement_a_id.toLowerCase() === body.requirement_b_id.toLowerCase()) fields.requirement_b_id = SELF_CONFLICT;
  refuse(fields);
  const id = await db.transaction(async (tx) => {
    // Locked in a fixed order, so that two recordings of one pair wait for each other.
    const [first, second] = [body.requirement_a_id, body.requirement_b_id].sort();
    const locked = [await liveRequirement(tx, scope, first), await liveRequirement(tx, scope, second)];
    const a = locked.find((row) => row.id === body.requirement_a_id.toLowerCase())!;
    const b = locked.find((row) => row.id === body.requirement_b_id.toLowerCase())!;
    if (await openConflictExists(tx, scope.processId, a.id, b.id)) throw new ApiProblem(409, CONFLICT_RECORDED);
    const assignedTo =
      body.assignee_id === undefined ? a.owner_id : body.assignee_id === null || body.assignee_id === '' ? null : await organizationUser(tx, scope, body.assignee_id);
    const conflictId = await insertConflict(tx, scope, a.id, b.id, description);
    const taskId = await openTask(tx, {
      organizationId: scope.organizationId,
      processId: scope.processId,
      processCode: scope.processCode,
      requirementId: a.id,
      type: 'RESOLVE_CONFLICT',
      assignedToUser: assignedTo,
      comment: `${a.code} conflicts with ${b.code}: ${description}`.slice(0, 10000),
      relatedId: conflictId,
      createdBy: scope.actor.id,
      sessionId: scope.sessionId,
    });
    await setConflictTask(tx, conflictId, taskId);
    return conflictId;
  });
  return conflictById(db, id);
}

/** GET conflicts. */
export function conflictsOf(db: Queryable, scope: Scope, status: string | undefined): Promise<Conflict[]> {
  return listConflicts(db, scope, status ?? null);
}
