// Renders one administration screen as its remote does (portal providers, the portal's router and
// history) with a fresh query client that does not retry, and collects the snackbars it shows.
import { bus, history, PortalProvider, PortalRouter, ROUTES, type RouteDefinition, type ScreenComponent } from '@portal/shared';
import { QueryClient } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

type User = ReturnType<typeof userEvent.setup>;

/** Puts a whole value into a field at once (one change event), as pasting does. */
export async function fill(user: User, field: HTMLElement, value: string): Promise<void> {
  await user.clear(field);
  await user.click(field);
  await user.paste(value);
}

export function renderScreen(Screen: ScreenComponent, path: string, location: string = path) {
  const route = ROUTES.find((candidate) => candidate.path === path) as RouteDefinition;
  if (!route) throw new Error(`No route ${path}`);
  const snackbars: string[] = [];
  const onSnackbar = ({ message }: { message: string }) => snackbars.push(message);
  bus.on('snackbar:show', onSnackbar);
  history.replace(location);
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const view = render(
    <PortalProvider queryClient={queryClient}>
      <PortalRouter>
        <Screen route={route} />
      </PortalRouter>
    </PortalProvider>,
  );
  // No timer between keystrokes: the forms validate on every change and the suites stay fast.
  const user = userEvent.setup({ delay: null });
  const cleanup = () => bus.off('snackbar:show', onSnackbar);
  afterEachCleanups.push(cleanup);
  return { user, snackbars, view, queryClient };
}

const afterEachCleanups: (() => void)[] = [];
afterEach(() => {
  while (afterEachCleanups.length > 0) afterEachCleanups.pop()?.();
});
