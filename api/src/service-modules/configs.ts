// A service module's settings: checked against its type's fields with the spec 5 messages, secret
// ones sealed with the secret box before they are stored and never shown again (null). A secret
// sent as null, empty or not at all keeps its stored value.
import { firstMessage, fieldSchema } from '@portal/shared/server';
import { ApiProblem } from '../http/problem';
import type { SecretBox } from '../identity/secret-box';
import { CONFIG_FIELDS, type ServiceModuleType } from './types';

/** As stored (service_modules.configs): plain values, and sealed ones for the secret fields. */
export type StoredConfigs = Record<string, string>;

/** As answered: every field of the type, null when unset or secret. */
export type ConfigsView = Record<string, string | null>;

export const NOT_AN_OBJECT = "'configs' must be an object of settings.";
export const unknownField = (type: ServiceModuleType, name: string): string => {
  const names = CONFIG_FIELDS[type].map((field) => field.name);
  return names.length === 0
    ? `'${name}' is not a setting of a ${type} module: it has no settings besides its API key.`
    : `'${name}' is not a setting of a ${type} module; its settings are: ${names.join(', ')}.`;
};

export function configsView(type: ServiceModuleType, stored: StoredConfigs): ConfigsView {
  return Object.fromEntries(CONFIG_FIELDS[type].map((field) => [field.name, field.secret ? null : (stored[field.name] ?? null)]));
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const isBlank = (value: unknown): boolean => value === undefined || value === null || (typeof value === 'string' && value.trim() === '');

/**
 * The settings to store for `input` (the whole set: a plain field not sent is cleared), given the
 * stored ones (`{}` for a new module). Refuses with a 400 naming each field (`configs.<name>`).
 */
export function sealConfigs(type: ServiceModuleType, box: SecretBox, input: unknown, stored: StoredConfigs): StoredConfigs {
  const given = input === undefined || input === null ? {} : input;
  if (!isObject(given)) throw new ApiProblem(400, NOT_AN_OBJECT, {}, { configs: NOT_AN_OBJECT });
  const fields = CONFIG_FIELDS[type];
  const errors: Record<string, string> = {};
  for (const name of Object.keys(given)) {
    if (!fields.some((field) => field.name === name)) errors[`configs.${name}`] = unknownField(type, name);
  }
  const next: StoredConfigs = {};
  for (const field of fields) {
    const value = given[field.name];
    if (field.secret && isBlank(value) && stored[field.name] !== undefined) {
      next[field.name] = stored[field.name];
      continue;
    }
    const message = firstMessage(fieldSchema(field.rules), value);
    if (message !== undefined) errors[`configs.${field.name}`] = message;
    else if (!isBlank(value)) next[field.name] = field.secret ? box.seal(String(value)) : String(value).trim();
  }
  const [first] = Object.values(errors);
  if (first !== undefined) throw new ApiProblem(400, first, {}, errors);
  return next;
}

/** The settings in clear, for the code that talks to the module's service (a sync). */
export function openConfigs(type: ServiceModuleType, box: SecretBox, stored: StoredConfigs): Record<string, string> {
  return Object.fromEntries(
    CONFIG_FIELDS[type]
      .filter((field) => stored[field.name] !== undefined)
      .map((field) => [field.name, field.secret ? box.open(stored[field.name]) : stored[field.name]]),
  );
}
