// The values of the module configuration form: two module switches and three limits, each limit
// either a whole number of at least 0 or unlimited (-1 on the wire).
import { UNLIMITED, validateField } from '@portal/shared';
import { LIMITS, type ModuleConfiguration } from '../../../lib/organizations';

export type LimitKey = (typeof LIMITS)[number]['limit'];

export interface LimitValue {
  unlimited: boolean;
  /** The number as typed; ignored while unlimited. */
  count: string;
}

export interface ModuleConfigurationValues {
  code: boolean;
  requirement: boolean;
  limits: Record<LimitKey, LimitValue>;
}

const limitValue = (limit: number): LimitValue =>
  limit === UNLIMITED ? { unlimited: true, count: '' } : { unlimited: false, count: String(limit) };

export function toValues(configuration: ModuleConfiguration): ModuleConfigurationValues {
  return {
    code: configuration.code,
    requirement: configuration.requirement,
    limits: {
      num_of_projects: limitValue(configuration.num_of_projects),
      num_of_users: limitValue(configuration.num_of_users),
      num_of_apps: limitValue(configuration.num_of_apps),
    },
  };
}

const LIMIT_RULES = { required: true, format: 'numeric', min: 0 } as const;

/** The message of each invalid limit (spec 5 messages: Required., Numbers only., Minimum value is 0.). */
export function limitErrors(values: ModuleConfigurationValues): Partial<Record<LimitKey, string>> {
  const errors: Partial<Record<LimitKey, string>> = {};
  for (const { limit } of LIMITS) {
    const value = values.limits[limit];
    if (value.unlimited) continue;
    const message = validateField(LIMIT_RULES, value.count.trim());
    if (message) errors[limit] = message;
  }
  return errors;
}

export function toConfiguration(values: ModuleConfigurationValues): ModuleConfiguration {
  const count = (key: LimitKey): number => (values.limits[key].unlimited ? UNLIMITED : Number(values.limits[key].count.trim()));
  return {
    code: values.code,
    requirement: values.requirement,
    num_of_projects: count('num_of_projects'),
    num_of_users: count('num_of_users'),
    num_of_apps: count('num_of_apps'),
  };
}

export function sameConfiguration(a: ModuleConfiguration, b: ModuleConfiguration): boolean {
  return (Object.keys(a) as (keyof ModuleConfiguration)[]).every((key) => a[key] === b[key]);
}
