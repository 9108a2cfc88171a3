// The public surface of @portal/shared v1. Everything a remote or the host may use is exported
// here; a change to this file is a change to the contract (see CHANGELOG.md).

// Everything the API shares with the browser: route table, product, constants, entities, the
// error catalogue, payload rules, realtime destinations, validation (see common.ts).
export * from './common';

// Navigation
export * from './navigation/history';
export * from './navigation/PortalRouter';

// Remotes: single-spa lifecycles, screen frame, fallback
export * from './remote/createRemoteLifecycles';
export * from './remote/ScreenFrame';
export * from './remote/RemoteUnavailable';
export * from './remote/renderStandalone';

// Event bus
export * from './bus/events';
export * from './bus/bus';

// API client, permissions hook point, session, query, realtime facade
export * from './api/client';
export * from './permissions/checker';
export { usePermitted } from './permissions/usePermitted';
// The spec 6 evaluator itself is loaded on demand (host first-load budget): only types here.
export { loadPermissionEvaluator, type PermissionEvaluator } from './permissions/loadEvaluator';
export type { AccessControlLike } from './permissions/checkPermission';
export type { RouteAccess } from './permissions/routeGuards';
export type { KnownPermission, KnownPermissionCheck, Permission, PermissionString } from './permissions/catalogue';
export type { PolicyContext } from './permissions/condition';
export * from './session/sessionStore';
export * from './session/logout';
export * from './session/useSession';
export * from './session/processes';
export * from './query/queryClient';
export * from './realtime/realtime';

// UI system and generic components
export { system } from './ui/system/system';
export { PortalProvider, type PortalProviderProps } from './ui/system/PortalProvider';
export { NoAccess, type NoAccessProps } from './ui/feedback/NoAccess';
export {
  FeatureNotActivated,
  SUBSCRIPTIONS_PATH,
  type FeatureNotActivatedProps,
} from './ui/feedback/FeatureNotActivated';
export { ConnectionError, type ConnectionErrorProps } from './ui/feedback/ConnectionError';
export { SnackbarHost, showSnackbar } from './ui/feedback/SnackbarHost';
export { NoticeDialog, type NoticeDialogProps } from './ui/dialogs/NoticeDialog';
export { NoticeHost, showNotice } from './ui/dialogs/NoticeHost';
export { ConfirmDialog, type ConfirmDialogProps } from './ui/dialogs/ConfirmDialog';
export {
  DeleteConfirmationDialog,
  type DeleteConfirmationDialogProps,
} from './ui/dialogs/DeleteConfirmationDialog';
// Screen helpers every remote uses: forms in a dialog, the states of a read, file downloads.
export { FormDialog, type FormDialogProps } from './ui/dialogs/FormDialog';
export { useDismiss } from './ui/dialogs/useDismiss';
export { useReturnFocus } from './ui/dialogs/useReturnFocus';
export {
  Empty,
  ErrorAlert,
  Loading,
  QueryView,
  type EmptyProps,
  type ErrorAlertProps,
  type LoadingProps,
  type QueryLike,
  type QueryViewProps,
} from './ui/feedback/QueryStates';
export { problemFieldMap, problemText } from './ui/feedback/problemText';
export { downloadFile, type DownloadOptions } from './ui/download/downloadFile';
// Labelled fields, tabs, the Wizard and the priority planes' geometry are in
// '@portal/shared/screens' (screens.ts): the host uses none of them.
