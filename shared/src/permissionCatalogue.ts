// @portal/shared/permissions: the spec 6 permission catalogue as typed constants, for the screens
// that hide what the session may not do. Remotes take their permission strings from PERMISSIONS
// (or type their literals as `Permission`), so a string the catalogue does not hold is a type
// error, and `usePermitted`, `isPermitted` and the API client's `permission` option accept only
// catalogue strings (`KnownPermissionCheck`).
//
// Not the index: '@portal/shared' is a federation singleton, never tree-shaken, and the host does
// not need the catalogue's values in its first load. This entry is pure and not shared: each
// package bundles the part of it that it uses.
export {
  ALL_PERMISSIONS,
  PERMISSION_SCOPES,
  PERMISSIONS,
  formatPermission,
  parsePermission,
  type KnownPermission,
  type KnownPermissionCheck,
  type ParsedPermission,
  type Permission,
  type PermissionScope,
  type PermissionString,
} from './permissions/catalogue';
// Spec 6's task authorization (pure: the catalogue and the task's shape), the rule the API judges
// tasks with, for the screens that show only the actions it allows.
export { authorizeTask, type TaskAuthorization, type TaskAuthorizationInput, type TaskAuthorizationReason } from './permissions/taskAuthorization';
