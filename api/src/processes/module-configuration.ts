// A process's module configuration (spec 3): the process may switch the code and requirement
// modules off for itself, never on where its organization has them off; the limits are the
// organization's and are only shown here.
import type { ProcessModuleConfiguration } from '@portal/shared/server';
import { ApiProblem } from '../http/problem';
import type { ProcessModuleSwitches } from './repository';

export const PROCESS_SWITCHES = ['code', 'requirement'] as const;
type Switch = (typeof PROCESS_SWITCHES)[number];

const MODULE_NAMES: Record<Switch, string> = { code: 'code provenance', requirement: 'requirements' };

export const NOT_A_SWITCH = 'Must be true or false.';
export const offInOrganization = (name: Switch): string =>
  `The ${MODULE_NAMES[name]} module is switched off for the organization; a process cannot switch it on.`;

/** What applies in the process: a module is on when the organization and the process both have it on. */
export function effectiveConfiguration(
  organization: ProcessModuleConfiguration,
  process: ProcessModuleSwitches,
): ProcessModuleConfiguration {
  return {
    ...organization,
    code: organization.code && process.code !== false,
    requirement: organization.requirement && process.requirement !== false,
  };
}

/**
 * PATCH `{ code?, requirement? }` → the process's new switches. A switch the organization has off
 * may be sent as false (a no-op) but not true; a switch not sent stays as it is.
 */
export function applySwitches(
  organization: ProcessModuleConfiguration,
  current: ProcessModuleSwitches,
  body: unknown,
): ProcessModuleSwitches {
  const input = (typeof body === 'object' && body !== null && !Array.isArray(body) ? body : {}) as Record<string, unknown>;
  const errors: Record<string, string> = {};
  const next: ProcessModuleSwitches = { ...current };
  for (const name of PROCESS_SWITCHES) {
    const value = input[name];
    if (value === undefined) continue;
    if (typeof value !== 'boolean') errors[name] = NOT_A_SWITCH;
    else if (value && !organization[name]) errors[name] = offInOrganization(name);
    else next[name] = value;
  }
  const [first] = Object.values(errors);
  if (first !== undefined) throw new ApiProblem(400, first, {}, errors);
  return next;
}
