// The side navigation collapsed (spec 2.3; issue 26 item 12): an icon per section, the flyout of
// its entries opening on hover and on focus, and reachable with the keyboard alone — arrows into
// and through the flyout, Escape back to the icon, Tab onwards closing it.
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createPortalQueryClient, history, PortalProvider, PortalRouter, sessionStore } from '@portal/shared';
import { SideNav } from './SideNav';

function renderNav(path = '/dashboard') {
  act(() => history.replace(path));
  return render(
    <PortalProvider queryClient={createPortalQueryClient()}>
      <PortalRouter>
        <SideNav />
      </PortalRouter>
    </PortalProvider>,
  );
}

async function collapse() {
  await userEvent.click(screen.getByRole('button', { name: 'Collapse navigation' }));
  return screen.findByTestId('collapsed-navigation');
}

beforeEach(() => {
  sessionStore.clearSession();
});

it('collapses to one icon per section, labelled by its name, and expands back to the entries', async () => {
  renderNav('/requirements/priorityPlanes');
  expect(screen.getByRole('link', { name: 'Depository' })).toBeInTheDocument();
  const rail = await collapse();
  expect(screen.queryByRole('link', { name: 'Depository' })).not.toBeInTheDocument();
  const items = within(rail).getAllByRole('listitem').filter((item) => item.parentElement === rail);
  expect(items.map((item) => item.querySelector('a, button')?.getAttribute('aria-label'))).toEqual([
    'Dashboard',
    'Requirements',
    'Collaboration',
    'Applications',
    'Reports',
    'Administration',
    'Settings',
  ]);
  // Each shows an icon (a drawing hidden from screen readers, the name being the label).
  for (const item of items) expect(item.querySelector('svg[aria-hidden="true"]')).not.toBeNull();
  await userEvent.click(screen.getByRole('button', { name: 'Expand navigation' }));
  expect(screen.getByRole('link', { name: 'Depository' })).toBeInTheDocument();
  expect(screen.queryByTestId('collapsed-navigation')).not.toBeInTheDocument();
});

it('opens a section\'s flyout on hover, with its entries as links that navigate', async () => {
  renderNav();
  const rail = await collapse();
  const item = within(rail).getByTestId('collapsed-Applications');
  expect(within(item).queryByRole('link')).not.toBeInTheDocument();
  fireEvent.mouseEnter(item);
  const flyout = within(item).getByRole('list', { name: 'Applications' });
  expect(within(flyout).getAllByRole('link').map((link) => link.textContent)).toEqual([
    'Security Posture',
    'Priority Planes',
    'Graph View',
    'Continuous Monitoring',
  ]);
  expect(within(item).getByRole('button', { name: 'Applications' })).toHaveAttribute('aria-expanded', 'true');
  await userEvent.click(within(flyout).getByRole('link', { name: 'Graph View' }));
  expect(history.location.pathname).toBe('/applications/GraphView');
  fireEvent.mouseLeave(item);
  expect(within(item).queryByRole('list')).not.toBeInTheDocument();
  expect(within(item).getByRole('button', { name: 'Applications' })).toHaveAttribute('aria-expanded', 'false');
});

it('is reachable with the keyboard alone: focus opens, arrows go in and through, Escape goes back, Tab moves on', async () => {
  renderNav();
  await collapse();
  const requirements = screen.getByRole('button', { name: 'Requirements' });
  act(() => requirements.focus());
  // Focus alone opens the flyout.
  expect(requirements).toHaveAttribute('aria-expanded', 'true');
  expect(screen.getByRole('list', { name: 'Requirements' })).toBeInTheDocument();

  await userEvent.keyboard('{ArrowRight}');
  await waitFor(() => expect(screen.getByRole('link', { name: 'Depository' })).toHaveFocus());
  await userEvent.keyboard('{ArrowDown}');
  expect(screen.getByRole('link', { name: 'Priority Planes' })).toHaveFocus();
  await userEvent.keyboard('{ArrowDown}{ArrowDown}');
  // Past the last entry, back to the first.
  expect(screen.getByRole('link', { name: 'Depository' })).toHaveFocus();
  await userEvent.keyboard('{ArrowUp}');
  expect(screen.getByRole('link', { name: 'Comments' })).toHaveFocus();

  await userEvent.keyboard('{Escape}');
  expect(requirements).toHaveFocus();
  expect(requirements).toHaveAttribute('aria-expanded', 'false');
  expect(screen.queryByRole('list', { name: 'Requirements' })).not.toBeInTheDocument();

  // Enter opens it again and goes in; Enter on a link follows it.
  await userEvent.keyboard('{Enter}');
  await waitFor(() => expect(screen.getByRole('link', { name: 'Depository' })).toHaveFocus());
  await userEvent.keyboard('{ArrowDown}{Enter}');
  expect(history.location.pathname).toBe('/requirements/priorityPlanes');

  // Following a link closes the flyout.
  expect(screen.queryByRole('list', { name: 'Requirements' })).not.toBeInTheDocument();

  // Tab goes from the icon through the flyout's links, then on to the next section, which opens as this one closes.
  act(() => requirements.focus());
  await userEvent.tab();
  expect(screen.getByRole('link', { name: 'Depository' })).toHaveFocus();
  await userEvent.tab();
  await userEvent.tab();
  expect(screen.getByRole('link', { name: 'Comments' })).toHaveFocus();
  await userEvent.tab();
  const collaboration = screen.getByRole('button', { name: 'Collaboration' });
  expect(collaboration).toHaveFocus();
  expect(collaboration).toHaveAttribute('aria-expanded', 'true');
  expect(requirements).toHaveAttribute('aria-expanded', 'false');
});

it('gives a single-page section (Dashboard) a link icon whose flyout names it', async () => {
  renderNav('/requirements');
  const rail = await collapse();
  const dashboard = within(rail).getByRole('link', { name: 'Dashboard' });
  act(() => dashboard.focus());
  expect(within(within(rail).getByTestId('collapsed-Dashboard')).getByText('Dashboard')).toBeVisible();
  await userEvent.keyboard('{Enter}');
  expect(history.location.pathname).toBe('/dashboard');
  expect(dashboard).toHaveAttribute('aria-current', 'page');
});
