// The two states of a list screen without data, as every administration list shows them. Test-only.
import { screen } from '@testing-library/react';
import { fakeApi, renderScreen, type FakeRoutes } from '@portal/shared/testing';
import type { ReactElement } from 'react';

/**
 * Renders the screen with the list `read` (e.g. 'GET /api/users') empty — its Empty title must
 * show — then again with that read refused with 403, and answers the alert shown then (for the test
 * to check the API's problem detail: 'You do not have the privileges for the request.').
 * `alsoWhenEmpty` answers the screen's other reads in the first render.
 */
export async function emptyThenForbiddenAlert(screenElement: ReactElement, read: string, emptyTitle: string, alsoWhenEmpty: FakeRoutes = {}): Promise<HTMLElement> {
  fakeApi({ [read]: { body: [] }, ...alsoWhenEmpty });
  const first = renderScreen(screenElement);
  expect(await screen.findByText(emptyTitle)).toBeInTheDocument();
  first.unmount();

  fakeApi({ [read]: { status: 403, problem: { detail: 'You do not have the privileges for the request.' } } });
  renderScreen(screenElement);
  return screen.findByRole('alert');
}
