// What the sessions family offers the others, beside its service.ts where it has one: other families import from these faces only (lint: api/layers).

export { deleteInitiatorSessions, deleteOtherSessions, deleteSessionsOfUser } from './repository';
export { sessionSchema } from './schemas';
export { admitSignIn, checkCodeWithinBudget, recordSignIn } from './throttles';
