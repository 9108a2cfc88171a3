// The hook point through which the browser asks whether the session may do something: the API
// client refuses mutations without a request (spec 5), remotes hide actions (`usePermitted`).
// The host registers a checker built from the spec 6 evaluator once the session is authenticated
// (the evaluator is loaded on demand, see loadEvaluator.ts); until then everything is allowed
// and the server remains the authority.
//
// A check is a permission string or an all/any combination of checks (the PermissionCheck of
// checkPermission.ts, imported as a type only so the evaluator stays out of the first load):
// `all` passes when every part does (empty → true), `any` when some part does (empty → false).
import type { KnownPermissionCheck } from './catalogue';
import type { PermissionCheck } from './checkPermission';

/** Decides one permission string (`action=>Resource[@scope]`). */
export type PermissionChecker = (permission: string) => boolean;
export type { PermissionCheck };

const allowAll: PermissionChecker = () => true;

let checker: PermissionChecker = allowAll;
const listeners = new Set<() => void>();

/** Registers the checker; `null` restores the default (allow). Listeners are told either way. */
export function setPermissionChecker(next: PermissionChecker | null): void {
  checker = next ?? allowAll;
  for (const listener of Array.from(listeners)) listener();
}

/** Whether a checker other than the default is registered. */
export function hasPermissionChecker(): boolean {
  return checker !== allowAll;
}

/** Called whenever a checker is registered or removed; returns the unsubscribe function. */
export function subscribePermissionChecker(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/**
 * Whether the registered checker grants the check (a catalogue permission, or all/any of checks).
 * Only the catalogue's strings are accepted: a mistyped permission is a type error, not a check
 * that silently never passes.
 */
export function isPermitted(check: KnownPermissionCheck): boolean {
  if (typeof check === 'string') return checker(check);
  if ('all' in check) return check.all.every((part) => isPermitted(part));
  return check.any.some((part) => isPermitted(part));
}
