// Request shaping shared by the client: null payload fields are dropped and GET parameters
// become a query string (spec 7).

export type QueryValue = string | number | boolean;
export type QueryParams = Record<string, QueryValue | readonly QueryValue[] | null | undefined>;

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null) return false;
  const proto: unknown = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

/**
 * Drops null and undefined fields of plain objects, at every depth (objects inside arrays too).
 * Array elements are kept as they are, even null, because their position carries meaning.
 */
export function dropNullFields<T>(value: T): T {
  if (Array.isArray(value)) return value.map((item: unknown) => dropNullFields(item)) as T;
  if (!isPlainObject(value)) return value;
  const result: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(value)) {
    if (field === null || field === undefined) continue;
    result[key] = dropNullFields(field);
  }
  return result as T;
}

/** `a=1&tag=x&tag=y`: arrays repeat their key; null/undefined values are left out. */
export function queryString(params: QueryParams | undefined): string {
  if (!params) return '';
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value === null || value === undefined) continue;
    const values: readonly QueryValue[] = Array.isArray(value) ? value : [value as QueryValue];
    for (const item of values) search.append(key, String(item));
  }
  return search.toString();
}

/** The header every state-changing call carries (the API refuses one without it). */
export const CSRF_HEADER = 'X-Requested-With';
export const CSRF_HEADER_VALUE = 'XMLHttpRequest';
