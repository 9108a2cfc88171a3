// What the requirements family offers the others, beside its service.ts where it has one: other families import from these faces only (lint: api/layers).

export { raiseRequirementEvent, type EventActor } from './events';
export { recentEvents } from './history.repository';
export { eventRecordSchema, taskSchema } from './schemas';
export { checkUserMay } from './people';
