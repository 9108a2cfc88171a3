// A module switched off by module configuration (spec 9: code and requirement; organization-wide
// or for one process) reaches the browser as a forbid policy on `use=>Module::<name>` without
// principals: the API builds it here, the browser recognises it here, so a route the switch closes
// can show "Feature not activated" rather than NO ACCESS (spec 2.2).
import type { Policy } from '../entities/session';
import type { ProcessModuleConfiguration } from '../entities/process';
import { PERMISSIONS } from './catalogue';

type ModuleFlag = keyof Pick<ProcessModuleConfiguration, 'code' | 'requirement'>;

/** The switchable modules: the module configuration's flag, its resource and its name on screen. */
export const SWITCHABLE_MODULES: readonly { flag: ModuleFlag; resource: string; label: string }[] = [
  { flag: 'code', resource: PERMISSIONS.modules.USE_CODE_PROVENANCE_MODULE.split('=>')[1], label: 'Code Provenance' },
  { flag: 'requirement', resource: PERMISSIONS.modules.USE_REQUIREMENT_MODULE.split('=>')[1], label: 'Requirements' },
];

/** The policy of a module switched off: everywhere (processCode null) or in one process. */
export function moduleSwitchPolicy(resource: string, processCode: string | null): Policy {
  return {
    effect: 'forbid',
    actions: ['use'],
    resources: [resource],
    // No principal: it is the organization's configuration, not a role's.
    principals: [],
    condition: processCode === null ? null : `project == ${JSON.stringify(processCode.toLowerCase())}`,
  };
}

export function isModuleSwitch(policy: Policy): boolean {
  return (
    policy.effect === 'forbid' &&
    policy.principals.length === 0 &&
    policy.actions.length === 1 &&
    policy.actions[0] === 'use' &&
    policy.resources.length === 1 &&
    SWITCHABLE_MODULES.some(({ resource }) => resource === policy.resources[0])
  );
}
