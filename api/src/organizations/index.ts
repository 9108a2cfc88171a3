// What the organizations family offers the others, beside its service.ts where it has one: other families import from these faces only (lint: api/layers).

export { UUID, ensureOrganization, findOrganizationById } from './repository';
export { moduleConfigurationSchema } from './schemas';
