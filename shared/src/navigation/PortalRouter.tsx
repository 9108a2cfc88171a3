import type { ReactNode } from 'react';
import { unstable_HistoryRouter as HistoryRouter, type HistoryRouterProps } from 'react-router';
import { history } from './history';

/**
 * The router of every React root (host and remotes), over the portal's one history. React
 * Router's type asks for createURL/encodeLocation, which `history` 5 lacks and HistoryRouter
 * does not need (it falls back when they are absent); the e2e navigation suite proves it.
 */
export function PortalRouter({ children }: { children: ReactNode }) {
  return <HistoryRouter history={history as unknown as HistoryRouterProps['history']}>{children}</HistoryRouter>;
}
