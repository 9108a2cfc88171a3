// Renders a screen as its React root does (design system, a fresh query client, the portal's
// history for links) with a user-event instance that types without pauses (the machines running
// the suite are small). Test-only.
import { PortalProvider, PortalRouter, ROUTES, type RouteDefinition } from '@portal/shared';
import { QueryClient } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';

export function renderScreen(ui: ReactElement) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const user = userEvent.setup({ delay: null });
  const result = render(
    <PortalProvider queryClient={queryClient}>
      <PortalRouter>{ui}</PortalRouter>
    </PortalProvider>,
  );
  return { ...result, user, queryClient };
}

/** The route table's entry of a path. */
export function routeOf(path: string): RouteDefinition {
  const route = ROUTES.find((candidate) => candidate.path === path);
  if (!route) throw new Error(`No route ${path}`);
  return route;
}

/** Replaces a field's text in one input event (typing long values key by key is slow in jsdom). */
export async function fill(user: ReturnType<typeof userEvent.setup>, field: HTMLElement, text: string): Promise<void> {
  await user.clear(field);
  await user.click(field);
  await user.paste(text);
}
