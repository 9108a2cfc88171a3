// What the apps family offers the others, beside its service.ts where it has one: other families import from these faces only (lint: api/layers).

export { INVALID_APP_KEY, applicationOfRequest, buildOfRequest, buildParams } from './lookup';
export { BUILD_COLUMNS, SEVERITIES, findApplication, findBuild, latestBuild, type ApplicationRecord, type BuildRecord } from './repository';
export { buildSchema, buildView, severityView } from './views';
export { APPLICATION_EVENTS, announceApplicationChange } from './events';
