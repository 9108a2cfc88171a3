// Which queries each live event of the process makes stale (issue 22 item 3).
import { REQUIREMENT_EVENTS, TASK_EVENTS } from '@portal/shared';
import { COMPLIANCE_EVENT } from '@portal/shared/compliance';
import type { LiveEvent } from '@portal/shared/screens';
import type { QueryKey } from '@tanstack/react-query';
import { PROCESS_KEYS } from '../lib/queryKeys';
import { LIVE_RULES } from './liveRules';

const G = 'core';
const event = (type: string, data: Record<string, unknown>): LiveEvent => ({ type, session_id: 's', data: { graph: G, ...data } });
// The requirements rules name plain query keys (no exact targets).
const keysOf = (live: LiveEvent) => LIVE_RULES[live.type]!(live, G) as readonly QueryKey[];

describe('the live rules of mfe-requirements', () => {
  it('follows every requirement and task event of spec 4.5, the Comment and the Compliance event', () => {
    expect(Object.keys(LIVE_RULES).sort()).toEqual([...new Set<string>([...REQUIREMENT_EVENTS, ...TASK_EVENTS, 'Comment', COMPLIANCE_EVENT])].sort());
  });

  it("a requirement's compliance: its evidence panel, the depository's badges and the dashboard's summary, nothing else", () => {
    expect(keysOf(event(COMPLIANCE_EVENT, { id: 'r1', kind: 'compliance', status: 'failing', previous: 'passing' }))).toEqual([
      PROCESS_KEYS.compliance(G, 'r1'),
      PROCESS_KEYS.complianceStatuses(G),
      PROCESS_KEYS.complianceSummary(G),
    ]);
  });

  it('a requirement event: the requirement, its history, attachments and applications, the lists, tasks and overviews', () => {
    expect(keysOf(event('Update', { id: 'r1', requirement_id: 'r1', kind: 'requirement' }))).toEqual([
      PROCESS_KEYS.requirement(G, 'r1'),
      PROCESS_KEYS.history(G, 'r1'),
      PROCESS_KEYS.requirementLists(G),
      PROCESS_KEYS.tasks(G),
      PROCESS_KEYS.overviews(G),
      PROCESS_KEYS.attachments(G, 'r1'),
      PROCESS_KEYS.applications(G, 'r1'),
    ]);
  });

  it('Identify Gap / Identify Risk / Delete and every task event: also the gaps, risks and conflicts', () => {
    const analysis = [PROCESS_KEYS.gaps(G), PROCESS_KEYS.risks(G), PROCESS_KEYS.conflicts(G)];
    for (const type of ['Identify Gap', 'Identify Risk', 'Delete']) {
      expect(keysOf(event(type, { id: 'r1', requirement_id: 'r1', kind: 'requirement' }))).toEqual(expect.arrayContaining(analysis));
    }
    // A conflict opens a task (New); closing a gap completes its task (Complete).
    for (const type of ['New', 'Complete']) {
      const keys = keysOf(event(type, { id: 't1', task_id: 't1', requirement_id: 'r1', kind: 'task' }));
      expect(keys).toEqual(expect.arrayContaining([...analysis, PROCESS_KEYS.tasks(G), PROCESS_KEYS.requirement(G, 'r1')]));
    }
    expect(keysOf(event('Update', { id: 'r1', requirement_id: 'r1', kind: 'requirement' }))).not.toEqual(expect.arrayContaining([PROCESS_KEYS.gaps(G)]));
  });

  it('a task without a requirement: the lists, tasks and overviews, no requirement of its own', () => {
    const keys = keysOf(event('Assign', { id: 't1', task_id: 't1', kind: 'task' }));
    expect(keys).toContainEqual(PROCESS_KEYS.tasks(G));
    expect(keys.some((key) => key[2] === 'detail' || key[2] === 'attachments')).toBe(false);
  });

  it('a comment: the requirement’s comments and the comment search, nothing else', () => {
    expect(keysOf(event('Comment', { id: 'c1', requirement_id: 'r1', kind: 'comment' }))).toEqual([PROCESS_KEYS.comments(G, 'r1'), PROCESS_KEYS.commentSearch(G)]);
  });
});
