// @portal/shared/operations: the operations domain's finding model (issue 24) and metrics (issue 25), shared by the API
// (through '@portal/shared/server') and mfe-operations. Not the index: '@portal/shared' is a
// federation singleton in the host's first load, and only one remote and the API use these. This
// entry is pure (no React, no DOM) and not shared: each package bundles what it takes.
export * from './entities/securityFinding';
export * from './entities/metric';
