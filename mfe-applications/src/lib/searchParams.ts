// The app page keeps what is open in its URL (build, view, the component or vulnerability shown),
// so a link can be shared and Back undoes a step. Changes keep the other parameters.
import { useCallback } from 'react';
import { useSearchParams } from 'react-router';

export type ParamChanges = Record<string, string | null | undefined>;

/** `?…` of the current parameters with the changes applied (null/undefined removes one). */
export function withParams(current: URLSearchParams, changes: ParamChanges): string {
  const next = new URLSearchParams(current);
  for (const [name, value] of Object.entries(changes)) {
    if (value === null || value === undefined || value === '') next.delete(name);
    else next.set(name, value);
  }
  const text = next.toString();
  return text ? `?${text}` : '?';
}

/** The page's parameters, a link builder and a setter that records the step in history. */
export function usePageParams() {
  const [params, setParams] = useSearchParams();
  const link = useCallback((changes: ParamChanges) => withParams(params, changes), [params]);
  const change = useCallback(
    (changes: ParamChanges, options: { replace?: boolean } = {}) => setParams(new URLSearchParams(withParams(params, changes).slice(1)), options),
    [params, setParams],
  );
  return { params, link, change };
}
