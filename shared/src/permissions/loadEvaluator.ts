// Loads the spec 6 evaluator in its own chunk (see evaluatorModule.ts). The first call starts the
// download; later calls share it; a failed load is forgotten so Try Again downloads again.
export type PermissionEvaluator = typeof import('./evaluatorModule');

let loading: Promise<PermissionEvaluator> | undefined;

export function loadPermissionEvaluator(): Promise<PermissionEvaluator> {
  if (!loading) {
    const started = import(/* webpackChunkName: "permission-evaluator" */ './evaluatorModule');
    loading = started;
    started.catch(() => {
      if (loading === started) loading = undefined;
    });
  }
  return loading;
}
