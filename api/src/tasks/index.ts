// What the tasks family offers the others, beside its service.ts where it has one: other families import from these faces only (lint: api/layers).

export { openTaskIdsOf, setTaskFailed } from './repository';
export { progressBody, requirementRefSchema, taskSchema } from './schemas';
export { NOT_A_REVIEW_TASK, listTasks, type TaskOutcomes } from './workflow';
export { linkText, requirementLink, reviewLink, taskAssignees } from './notices';
export { publishTaskAttachment, taskForAttachments } from './records';
export { REQUIREMENT_JOIN, TITLE_SQL } from './view.repository';
