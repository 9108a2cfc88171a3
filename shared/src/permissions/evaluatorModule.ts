// What the browser loads on demand once a session is authenticated: the spec 6 evaluator (jsep,
// conditions, checks, the permission catalogue and the route guards). Kept out of the host's
// first load (250 KB gzip budget); reach it only through loadPermissionEvaluator().
export {
  ALL_PROJECTS_SCOPE,
  PROJECT_SCOPE,
  all,
  any,
  checkPermission,
  permissionCheckerFor,
  withParent,
} from './checkPermission';
export { PERMISSIONS } from './catalogue';
export { ROUTE_GUARDS, canOpenRoute, guardFor, routeAccess, type RouteAccess } from './routeGuards';
