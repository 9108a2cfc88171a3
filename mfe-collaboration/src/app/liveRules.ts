// What another user's change makes stale on this remote's screens (issue 22/23): the one table of
// event kind → queries, read by the remote's one subscription (LiveCollaboration). A task event
// (spec 4.5: New, Assign, Update Progress, Complete, Fail, Remind Due Date, Past Due) names its
// task: the inbox pages, the tab counts and that task (its history and comments below it) read
// again. Every requirement event but Add may change tasks of the process — open or close them (a
// review submitted, accepted or rejected, a gap identified, a requirement completed, failed or
// deleted), or retitle them (a workflow task's title names its requirement). The API's own task
// record events (docs/tasks-api.md "Live events"): 'Task Update' (a general task edited) is a
// change of that task, 'Task Comment' names the task whose comments changed, 'Task Attachment' the
// task whose attachments changed. Every requirement
// event, Add included, may change how many requirements each state of /workflow holds.
import { REQUIREMENT_EVENTS, TASK_EVENTS } from '@portal/shared';
import type { LiveEvent, LiveRules, LiveTarget } from '@portal/shared/screens';
import { TASK_KEYS, WORKFLOW_KEYS } from '../lib/queryKeys';

const text = (event: LiveEvent, name: string): string | undefined => {
  const value = event.data[name];
  return typeof value === 'string' && value !== '' ? value : undefined;
};

const lists = (graph: string): LiveTarget[] => [TASK_KEYS.inboxes(graph), TASK_KEYS.allCounts(graph)];

/** A task's own event: the lists, and the task when the event names it (else every open task view). */
function taskChanged(event: LiveEvent, graph: string): LiveTarget[] {
  const taskId = event.data.kind === 'task' ? (text(event, 'task_id') ?? text(event, 'id')) : text(event, 'task_id');
  // A requirement's event (Complete and Fail are the names of both kinds) may also move it to
  // another state of /workflow.
  if (event.data.kind === 'requirement') return [...lists(graph), TASK_KEYS.tasks(graph), WORKFLOW_KEYS.statusCounts(graph)];
  if (!taskId) return [...lists(graph), TASK_KEYS.tasks(graph)];
  return [...lists(graph), TASK_KEYS.task(graph, taskId)];
}

/** The portal's own live events of a task's records (not spec 4.5 events, not in its history). */
export const TASK_UPDATE = 'Task Update';
export const TASK_COMMENT = 'Task Comment';
export const TASK_ATTACHMENT = 'Task Attachment';

/** A comment on a task: its comments. */
function commented(event: LiveEvent, graph: string): LiveTarget[] {
  const taskId = text(event, 'task_id');
  return taskId ? [TASK_KEYS.comments(graph, taskId)] : [];
}

/** A document attached to or detached from a task: its attachments. */
function attachmentsChanged(event: LiveEvent, graph: string): LiveTarget[] {
  const taskId = text(event, 'task_id');
  return taskId ? [TASK_KEYS.attachments(graph, taskId)] : [];
}

/** Requirement events that may change a task (a new requirement has none yet). */
export const TASK_CHANGING_REQUIREMENT_EVENTS = REQUIREMENT_EVENTS.filter((type) => type !== 'Add');

export const COLLABORATION_LIVE_RULES: LiveRules = {
  ...Object.fromEntries(TASK_CHANGING_REQUIREMENT_EVENTS.map((type) => [type, taskChanged])),
  // A new requirement has no task yet, but it is one more draft.
  Add: (_event, graph) => [WORKFLOW_KEYS.statusCounts(graph)],
  ...Object.fromEntries(TASK_EVENTS.map((type) => [type, taskChanged])),
  [TASK_UPDATE]: taskChanged,
  [TASK_COMMENT]: commented,
  [TASK_ATTACHMENT]: attachmentsChanged,
};
