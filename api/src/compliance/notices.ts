// What a change of compliance tells, in the transaction that records it: a live `Compliance` event
// for who may view the process's requirements (their screens read the requirement's compliance
// again); and when a requirement turns failing, the requirement event Identify Gap, a notification
// to its owner and a gap with its close-gap task (once per failure, the reasons in the task); when
// it turns passing, that task completes (which closes the gap).
import { randomUUID } from 'node:crypto';
import { COMPLIANCE_EVENT, PERMISSIONS, type ComplianceEventData, type ComplianceStatus } from '@portal/shared/server';
import { raiseGap, resolveGap } from '../assessments/service';
import type { Queryable } from '../db/database';
import { notify } from '../notifications/index';
import { publishTo, type EventScope } from '../realtime/audience';
import { raiseRequirementEvent } from '../requirements/index';
import { linkText, requirementLink } from '../tasks/index';
import { requirementNamed } from './repository';
import { setRequirementGap } from './results.repository';
import { dayOf, DAY_MS, plural } from './reasons';

/** The days a close-gap task is given. */
export const GAP_TARGET_DAYS = 30;
/** Reasons written into a close-gap task. */
const TASK_REASONS = 20;

/** The live event of the requirement's compliance. */
export function announceCompliance(tx: Queryable, scope: EventScope, requirementId: string, status: ComplianceStatus | null, previous: ComplianceStatus | null, at: Date): Promise<void> {
  const data: ComplianceEventData = { graph: scope.processCode.toLowerCase(), id: requirementId, kind: 'compliance', status, previous };
  return publishTo(tx, scope, PERMISSIONS.requirements.VIEW_REQUIREMENT, { type: COMPLIANCE_EVENT, eventId: randomUUID(), session_id: '', time: at.toISOString(), data: { ...data } });
}

/** A failing check as the gap tells it. */
export interface FailingCheck {
  id: string;
  kind: string;
  description: string;
  summary: string;
  reasons: Array<{ label: string; link: string | null }>;
}

/** The requirement turned failing (from passing, not evaluated, or no status). */
export async function requirementFailing(tx: Queryable, scope: EventScope, requirementId: string, failing: readonly FailingCheck[], openGap: string | null, at: Date): Promise<void> {
  const requirement = await requirementNamed(tx, requirementId);
  if (!requirement) return;
  const name = `${requirement.code} ${requirement.title}`;
  let gap: { gapId: string; taskId: string } | undefined;
  if (openGap === null) {
    const lines = failing.flatMap((check) => [`${check.description}: ${check.summary}`, ...check.reasons.slice(0, TASK_REASONS).map((reason) => `- ${reason.label}`)]);
    gap = await raiseGap(tx, scope, {
      requirementId,
      description: `Live compliance: ${plural(failing.length, 'check')} of ${name} ${failing.length === 1 ? 'fails' : 'fail'}.`.slice(0, 10_000),
      remediationPlan: lines.join('\n').slice(0, 10_000),
      targetDate: dayOf(new Date(at.getTime() + GAP_TARGET_DAYS * DAY_MS)),
      assignee: requirement.owner_id,
    });
    await setRequirementGap(tx, requirementId, gap.gapId);
  }
  await raiseRequirementEvent(tx, {
    organizationId: scope.organizationId,
    processId: scope.processId,
    processCode: scope.processCode,
    requirementId,
    type: 'Identify Gap',
    actor: null,
    data: { compliance: 'failing', checks: failing.map((check) => ({ id: check.id, kind: check.kind, summary: check.summary })), ...(gap ? { gap_id: gap.gapId, task_id: gap.taskId } : {}) },
  });
  await notify(tx, {
    processId: scope.processId,
    processCode: scope.processCode,
    event: 'Requirement: Identify Gap',
    recipients: [requirement.owner_id ?? requirement.created_by].filter((id): id is string => id !== null),
    title: 'Requirement failing its checks',
    message: `${linkText(name)} fails: ${failing.map((check) => check.summary).join(' ')}`.slice(0, 2_000),
    link: requirementLink(requirementId),
    time: at.toISOString(),
  });
}

/** The requirement turned passing: the gap raised when it failed is closed (its task completes). */
export async function requirementPassing(tx: Queryable, requirementId: string, openGap: string | null): Promise<void> {
  if (openGap === null) return;
  await resolveGap(tx, openGap, 'Every compliance check of the requirement passes again.');
  await setRequirementGap(tx, requirementId, null);
}
