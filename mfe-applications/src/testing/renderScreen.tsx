// Renders a screen as its remote root does (design system, a fresh query client that does not
// retry, the portal's one history) with a user-event instance that types without pauses, and
// collects the snackbars it shows. Test-only.
import { bus, history, PortalProvider, PortalRouter, ROUTES, type RouteDefinition, type ScreenComponent } from '@portal/shared';
import { QueryClient } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';

type User = ReturnType<typeof userEvent.setup>;

export function routeOf(path: string): RouteDefinition {
  const route = ROUTES.find((candidate) => candidate.path === path);
  if (!route) throw new Error(`No route ${path}`);
  return route;
}

const cleanups: (() => void)[] = [];
afterEach(() => {
  while (cleanups.length > 0) cleanups.pop()?.();
});

/** Renders `Screen` of the route `path` at `location` (a path with its parameters and query). */
export function renderScreen(Screen: ScreenComponent, path: string, location: string = path) {
  const snackbars: string[] = [];
  const onSnackbar = ({ message }: { message: string }) => snackbars.push(message);
  bus.on('snackbar:show', onSnackbar);
  cleanups.push(() => bus.off('snackbar:show', onSnackbar));
  history.replace(location);
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const view = render(
    <PortalProvider queryClient={queryClient}>
      <PortalRouter>
        <Routes>
          <Route path={path} element={<Screen route={routeOf(path)} />} />
          {/* Where a link leads: the test reads the history, nothing is shown. */}
          <Route path="*" element={null} />
        </Routes>
      </PortalRouter>
    </PortalProvider>,
  );
  const user = userEvent.setup({ delay: null });
  return { user, snackbars, view, queryClient };
}

/** Puts a whole value into a field at once (one change event), as pasting does. */
export async function fill(user: User, field: HTMLElement, value: string): Promise<void> {
  await user.clear(field);
  await user.click(field);
  if (value) await user.paste(value);
}
