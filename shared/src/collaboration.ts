// @portal/shared/collaboration: the collaboration domain's shapes and constants (the tasks inbox
// and general tasks, the requirement workflow, shared files, the organization chart), shared by
// the API (through '@portal/shared/server') and mfe-collaboration. Not the index: '@portal/shared'
// is a federation singleton in the host's first load (budget 250 KB gzip), and only one remote
// and the API use these. This entry is pure and not shared: each package bundles what it takes.
export * from './entities/taskInbox';
export * from './entities/workflow';
export * from './entities/document';
export * from './entities/orgChart';
