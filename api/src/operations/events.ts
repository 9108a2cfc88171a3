// What the process's people hear of findings (issue 24 item 5): a 'Security Finding' live event
// for each import and triage decision, to the members who may see findings (so other users'
// screens refresh), and a notification of a new critical finding to those who receive
// new-vulnerability alerts, and of fixed findings that came back to the same people, through
// notify() (event 'New Vulnerability': the process's settings choose portal and mail). All in the
// change's transaction: a refused change tells nobody.
import type { Queryable } from '../db/database';
import { notify } from '../notifications/index';
import { announceChange, permittedRecipients, type EventScope } from '../realtime/audience';
import { newCriticalFindings } from './findings.repository';
import { FINDING_ALERT, VIEW_FINDINGS } from './permissions';
import type { ImportTarget } from './repository';

export const SECURITY_FINDING_EVENT = 'Security Finding';
/**
 * The notification event of both alerts: the spec's 'New Vulnerability', whose process settings
 * (portal, mail) and members' mutes already exist and go with receive=>Alert::NewVulnerability.
 */
export const FINDING_ALERT_EVENT = 'New Vulnerability';

/** A 'Security Finding' event (what changed: an import's counts, or the ids triaged) for the process's audience. */
export function announceFindings(tx: Queryable, process: EventScope, data: Record<string, unknown>, sessionId = ''): Promise<void> {
  return announceChange(tx, process, VIEW_FINDINGS, SECURITY_FINDING_EVENT, data, sessionId);
}

const scopeName = (scope: string) => scope.replace(/^(app|repo):/, '');

/** Tells who holds the alert permission of the critical findings the import `importId` reported first. */
export async function alertNewCriticals(tx: Queryable, process: EventScope, target: ImportTarget, importId: string): Promise<number> {
  const criticals = await newCriticalFindings(tx, target, importId);
  if (criticals.length === 0) return 0;
  const total = criticals[0].total;
  const named = criticals.map((finding) => finding.title.slice(0, 200).replace(/\.$/, '')).join('; ');
  await notify(tx, {
    processId: process.processId,
    processCode: process.processCode,
    event: FINDING_ALERT_EVENT,
    recipients: await permittedRecipients(tx, process, FINDING_ALERT),
    actorId: target.userId,
    title: total === 1 ? 'New critical finding' : `${total} new critical findings`,
    message: `##${scopeName(target.scope)}##: ${named}${total > criticals.length ? ` and ${total - criticals.length} more` : ''}.`,
    link: `/security?scope=${encodeURIComponent(target.scope)}&severity=critical`,
    time: target.now.toISOString(),
  });
  return total;
}

/** Tells who holds the alert permission that a re-import brought back `reopened` findings it had marked fixed. */
export async function alertRegressions(tx: Queryable, process: EventScope, target: ImportTarget, reopened: number): Promise<void> {
  await notify(tx, {
    processId: process.processId,
    processCode: process.processCode,
    event: FINDING_ALERT_EVENT,
    recipients: await permittedRecipients(tx, process, FINDING_ALERT),
    actorId: target.userId,
    title: reopened === 1 ? 'A fixed finding came back' : `${reopened} fixed findings came back`,
    message: `##${scopeName(target.scope)}##: the latest scan reports again ${reopened === 1 ? 'a finding' : `${reopened} findings`} an earlier scan no longer reported.`,
    link: `/security?scope=${encodeURIComponent(target.scope)}`,
    time: target.now.toISOString(),
  });
}
