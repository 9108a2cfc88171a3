import type { LiveEvent } from '@portal/shared/screens';
import { COLLABORATION_LIVE_RULES } from './liveRules';

const event = (type: string, data: Record<string, unknown>): LiveEvent => ({ type, session_id: 's', data: { graph: 'core', ...data } as LiveEvent['data'] });
const targets = (e: LiveEvent) => COLLABORATION_LIVE_RULES[e.type]!(e, 'core');

describe("the collaboration remote's live rules", () => {
  it.each(['New', 'Assign', 'Update Progress', 'Complete', 'Fail', 'Remind Due Date', 'Past Due'])('a task event (%s) refreshes the inbox, its counts and that task', (type) => {
    expect(targets(event(type, { kind: 'task', id: 't1', task_id: 't1' }))).toEqual([
      ['tasks', 'core', 'inbox'],
      ['tasks', 'core', 'counts'],
      ['tasks', 'core', 'task', 't1'],
    ]);
  });

  it.each(['Submit for Review', 'Accept Review', 'Reject Review', 'Identify Gap', 'Complete', 'Fail', 'Delete'])(
    "a requirement's event (%s) that may open or close tasks refreshes the inbox, its counts, every open task and the workflow's counts",
    (type) => {
      expect(targets(event(type, { kind: 'requirement', id: 'r1', requirement_id: 'r1' }))).toEqual([
        ['tasks', 'core', 'inbox'],
        ['tasks', 'core', 'counts'],
        ['tasks', 'core', 'task'],
        ['workflow', 'core', 'status-counts'],
      ]);
    },
  );

  it("a new requirement has no task yet, only one more draft on /workflow; a requirement's comment is not a task's", () => {
    expect(targets(event('Add', { kind: 'requirement', id: 'r1', requirement_id: 'r1' }))).toEqual([['workflow', 'core', 'status-counts']]);
    expect(COLLABORATION_LIVE_RULES.Comment).toBeUndefined();
  });

  it("an edited general task refreshes the lists and that task; a comment on a task that task's comments", () => {
    expect(targets(event('Task Update', { kind: 'task', id: 't1', task_id: 't1' }))).toEqual([
      ['tasks', 'core', 'inbox'],
      ['tasks', 'core', 'counts'],
      ['tasks', 'core', 'task', 't1'],
    ]);
    expect(targets(event('Task Comment', { kind: 'comment', id: 'c1', task_id: 't1' }))).toEqual([['tasks', 'core', 'task', 't1', 'comments']]);
  });

  it("a document attached to or detached from a task refreshes that task's attachments", () => {
    expect(targets(event('Task Attachment', { kind: 'attachment', id: 'd1', task_id: 't1' }))).toEqual([['tasks', 'core', 'task', 't1', 'attachments']]);
    expect(targets(event('Task Attachment', { kind: 'attachment', id: 'd1' }))).toEqual([]);
  });
});
