import { PortalProvider } from '@portal/shared';
import { QueryClient } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';

/** Renders a screen as its React root does (design system, a fresh query client) with a user. */
export function renderScreen(ui: ReactElement) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const user = userEvent.setup();
  const result = render(<PortalProvider queryClient={queryClient}>{ui}</PortalProvider>);
  return { ...result, user, queryClient };
}
