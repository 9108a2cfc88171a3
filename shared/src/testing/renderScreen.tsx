// Renders a screen as a remote's React root does: the design system, a fresh query client that
// does not retry, the portal's router and one history (for links), with a user-event instance that
// types without pauses (the machines running the suites are small), and collects the snackbars it
// shows. Test-only.
import { QueryClient } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { Route, Routes } from 'react-router';
import { bus } from '../bus/bus';
import { history } from '../navigation/history';
import { PortalRouter } from '../navigation/PortalRouter';
import { ROUTES, type RouteDefinition } from '../navigation/routes';
import type { ScreenComponent } from '../remote/createRemoteLifecycles';
import { PortalProvider } from '../ui/system/PortalProvider';

export type TestUser = ReturnType<typeof userEvent.setup>;

const cleanups: (() => void)[] = [];
afterEach(() => {
  while (cleanups.length > 0) cleanups.pop()?.();
});

export interface RenderScreenOptions {
  /** The address the screen opens at (a path with its parameters and query). */
  location?: string;
}

/** Renders `ui` inside the portal's providers and router. */
export function renderScreen(ui: ReactElement, { location }: RenderScreenOptions = {}) {
  if (location !== undefined) history.replace(location);
  const snackbars: string[] = [];
  const onSnackbar = ({ message }: { message: string }) => snackbars.push(message);
  bus.on('snackbar:show', onSnackbar);
  cleanups.push(() => bus.off('snackbar:show', onSnackbar));
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const user = userEvent.setup({ delay: null });
  const view = render(
    <PortalProvider queryClient={queryClient}>
      <PortalRouter>{ui}</PortalRouter>
    </PortalProvider>,
  );
  return { ...view, view, user, queryClient, snackbars };
}

/** Renders `Screen` as the route table's `path` shows it, opened at `location`. */
export function renderRoute(Screen: ScreenComponent, path: string, location: string = path) {
  return renderScreen(
    <Routes>
      <Route path={path} element={<Screen route={routeOf(path)} />} />
      {/* Where a link leads: the test reads the history, nothing is shown. */}
      <Route path="*" element={null} />
    </Routes>,
    { location },
  );
}

/** The route table's entry of a path. */
export function routeOf(path: string): RouteDefinition {
  const route = ROUTES.find((candidate) => candidate.path === path);
  if (!route) throw new Error(`No route ${path}`);
  return route;
}

/** Replaces a field's text in one input event (typing long values key by key is slow in jsdom). */
export async function fill(user: TestUser, field: HTMLElement, text: string): Promise<void> {
  await user.clear(field);
  await user.click(field);
  if (text) await user.paste(text);
}
