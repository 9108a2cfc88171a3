// The contract for the API (Node): everything the browser shares with it (common.ts), plus the
// policy evaluator of spec 6. Nothing here may import react or touch the DOM (server.test.ts).
//
// The evaluator is not in the browser's entry yet: nothing there uses it before the route guards
// (issue 5), and it would put the host over its first-load budget (see the README).
export * from './common';
export * from './collaboration';
export * from './operations';
export * from './recovery';
export * from './compliance';
export * from './permissions/condition';
export * from './permissions/evaluator';
export * from './permissions/catalogue';
export * from './permissions/checkPermission';
export * from './permissions/routeGuards';
export * from './permissions/taskAuthorization';
export * from './permissions/moduleSwitches';
