// The hook point through which the API client asks whether a mutation is permitted. The policy
// evaluator of spec 6 registers itself here when it arrives; until then everything is allowed
// and the server remains the authority.

export type PermissionChecker = (permission: string) => boolean;

const allowAll: PermissionChecker = () => true;

let checker: PermissionChecker = allowAll;

/** Registers the checker; `null` restores the default (allow). */
export function setPermissionChecker(next: PermissionChecker | null): void {
  checker = next ?? allowAll;
}

export function isPermitted(permission: string): boolean {
  return checker(permission);
}
