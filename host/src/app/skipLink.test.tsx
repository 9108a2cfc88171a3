// The skip link (WCAG 2.4.1; issue 26 item 20): the shell's first Tab stop, moving focus past the
// header and the navigation into the main content.
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { sessionStore } from '@portal/shared';
import { testSession } from '@portal/shared/testing';
import { json, renderPortal } from './testing/portal';
import { loadRemoteApp } from '../remotes/remoteRegistry';

jest.mock('../remotes/remoteRegistry', () => ({ loadRemoteApp: jest.fn() }));

beforeEach(() => {
  sessionStore.clearSession();
  (loadRemoteApp as jest.MockedFunction<typeof loadRemoteApp>).mockResolvedValue({
    name: 'fake',
    bootstrap: async () => undefined,
    mount: async (props: unknown) => {
      (props as { domElement: HTMLElement }).domElement.innerHTML = '<p>Dashboard content</p>';
    },
    unmount: async () => undefined,
  });
  global.fetch = jest.fn(async () => json(200, { ...testSession({ roles: ['AUTHOR'] }), access_control: null })) as typeof fetch;
});

it('is the first Tab stop, and Enter moves focus into the main content', async () => {
  const user = userEvent.setup();
  renderPortal();
  await screen.findByRole('navigation', { name: 'Main navigation' });
  await user.tab();
  const skip = screen.getByRole('link', { name: 'Skip to main content' });
  expect(skip).toHaveFocus();
  expect(skip).toHaveAttribute('href', '#main-content');
  await user.keyboard('{Enter}');
  const main = screen.getByRole('main');
  expect(main).toHaveFocus();
  expect(main).toHaveAttribute('id', 'main-content');
  // The next Tab goes on from the content, not back to the header.
  await user.tab();
  expect(screen.getByRole('navigation', { name: 'Main navigation' })).not.toContainElement(document.activeElement as HTMLElement);
  expect(screen.getByRole('banner')).not.toContainElement(document.activeElement as HTMLElement);
});
