// The fields of an application (app_key, name, portfolio) and their rules. The spec leaves the
// rules of the application form open (spec 5); these are the API's (api/src/apps/routes.ts), with
// the spec's own messages where one fits, so the form refuses what the server would.
import { hasInjectionMarker, MESSAGES, SHORT_STRING_MAX_BYTES, type ApplicationInput as ApplicationFields } from '@portal/shared';

/** What the form sends (POST apps, PATCH apps/{key}): the contract's input, these three fields set. */
export type ApplicationInput = Required<Pick<ApplicationFields, 'app_key' | 'name' | 'portfolio'>>;

export type ApplicationField = keyof ApplicationInput;

const APP_KEY = /^[A-Za-z0-9][A-Za-z0-9._-]*$/;
/** Path segments under apps/ that are routes, not app keys (api RESERVED_APP_KEYS). */
const RESERVED = ['appsettings', 'components', 'vulnerabilities', 'builds', 'monitoring', 'componentsvulnerabilities', 'resourcesvulnerabilities'];

export const APP_KEY_FORMAT = "Letters, digits, '.', '_' and '-' only, starting with a letter or a digit. No blank spaces.";
export const reservedAppKey = (key: string) => `'${key}' is a reserved word and cannot be an app key.`;

const bytes = (text: string) => new TextEncoder().encode(text).length;

function shortText(value: string, required: boolean): string | undefined {
  const text = value.trim();
  if (text === '') return required ? MESSAGES.required : undefined;
  if (hasInjectionMarker(text)) return MESSAGES.invalidInput;
  if (bytes(text) > SHORT_STRING_MAX_BYTES) return MESSAGES.maxLength(SHORT_STRING_MAX_BYTES);
  return undefined;
}

export function validateApplication(values: Record<ApplicationField, string>): Partial<Record<ApplicationField, string>> {
  const errors: Partial<Record<ApplicationField, string>> = {};
  const key = values.app_key.trim();
  const keyError = shortText(key, true);
  if (keyError) errors.app_key = keyError;
  else if (!APP_KEY.test(key)) errors.app_key = APP_KEY_FORMAT;
  else if (RESERVED.includes(key.toLowerCase())) errors.app_key = reservedAppKey(key);
  const nameError = shortText(values.name, true);
  if (nameError) errors.name = nameError;
  const portfolioError = shortText(values.portfolio, false);
  if (portfolioError) errors.portfolio = portfolioError;
  return errors;
}

export function toApplicationInput(values: Record<ApplicationField, string>): ApplicationInput {
  const portfolio = values.portfolio.trim();
  return { app_key: values.app_key.trim(), name: values.name.trim(), portfolio: portfolio === '' ? null : portfolio };
}
