// The operations family's face to the others: its routes and the cloud syncs' scheduler (registered in app.ts).
export { findingsRoutes } from './routes';
export { findingOverviewRoutes } from './overview';
export { findingLinkRoutes } from './links';
export { cloudSyncRoutes } from './connectors/routes';
export { createCloudSync, type CloudSync, type CloudSyncOptions } from './connectors/sync';
// What a finding's category and cloud take to be seen (live compliance shows its reasons by it).
export { sees, visibleFindings } from './permissions';
