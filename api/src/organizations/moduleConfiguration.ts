// The organization's module configuration as a Global Admin sends it (spec 3): module switches and
// limits, checked strictly here (the request schema does not coerce them) so that `"false"` or
// `1.5` is refused with a message rather than read as something else.
import { MESSAGES, UNLIMITED, type ProcessModuleConfiguration } from '@portal/shared/server';

export const SWITCHES = ['code', 'requirement'] as const;
export const LIMITS = ['num_of_projects', 'num_of_users', 'num_of_apps'] as const;

export const NOT_A_SWITCH = 'Must be true or false.';
export const NOT_A_LIMIT = `Must be a whole number; ${UNLIMITED} means unlimited.`;

export type ModuleConfigurationResult =
  | { configuration: ProcessModuleConfiguration; errors?: undefined }
  | { configuration?: undefined; errors: Record<string, string> };

/** Every field is required: booleans for the switches, whole numbers ≥ -1 for the limits. */
export function parseModuleConfiguration(body: unknown): ModuleConfigurationResult {
  const input = (typeof body === 'object' && body !== null ? body : {}) as Record<string, unknown>;
  const errors: Record<string, string> = {};
  for (const name of SWITCHES) {
    const value = input[name];
    if (value === undefined || value === null) errors[name] = MESSAGES.required;
    else if (typeof value !== 'boolean') errors[name] = NOT_A_SWITCH;
  }
  for (const name of LIMITS) {
    const value = input[name];
    if (value === undefined || value === null) errors[name] = MESSAGES.required;
    else if (typeof value !== 'number' || !Number.isSafeInteger(value)) errors[name] = NOT_A_LIMIT;
    else if (value < UNLIMITED) errors[name] = MESSAGES.minValue(UNLIMITED);
  }
  if (Object.keys(errors).length > 0) return { errors };
  return {
    configuration: {
      code: input.code as boolean,
      requirement: input.requirement as boolean,
      num_of_projects: input.num_of_projects as number,
      num_of_users: input.num_of_users as number,
      num_of_apps: input.num_of_apps as number,
    },
  };
}
