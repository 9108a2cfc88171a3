// What the users family offers the others, beside its service.ts where it has one: other families import from these faces only (lint: api/layers).

export { notFoundUnlessUuid } from './administration';
export { insertInvitation, mailInvitation } from './invitations';
export { consumeCode, deleteCodes, issueCode } from './one-time-codes.repository';
export { countUsers, findUserById, findUserOfOrganization, insertUser, listActiveUsers, usersOfOrganization, type UserRecord } from './repository';
