import { createBrowserHistory, createMemoryHistory, type History } from 'history';

/**
 * The one browser history of the portal. The host and every remote route through this object
 * (module federation loads @portal/shared once), so a navigation in any React root is seen by all.
 */
export const history: History =
  typeof window !== 'undefined' && typeof window.document !== 'undefined'
    ? createBrowserHistory()
    : createMemoryHistory();

export function navigate(to: string, options: { replace?: boolean } = {}): void {
  if (options.replace) history.replace(to);
  else history.push(to);
}
