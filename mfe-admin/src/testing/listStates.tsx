// The two states of a list screen without data, as every administration list shows them. Test-only.
import { screen } from '@testing-library/react';
import { fakeApi, renderScreen, type FakeRoutes } from '@portal/shared/testing';
import type { ReactElement } from 'react';

export interface ListStates {
  /** The reads answering an empty list, and the Empty title the screen shows then. */
  empty: FakeRoutes;
  emptyTitle: string;
  /** The reads failing. */
  failed: FakeRoutes;
}

/**
 * Renders the screen with an empty list (its Empty title must show), then again with the reads
 * failing, and answers the alert shown then (for the test to check the API's problem detail).
 */
export async function emptyThenFailedAlert(screenElement: ReactElement, { empty, emptyTitle, failed }: ListStates): Promise<HTMLElement> {
  fakeApi(empty);
  const first = renderScreen(screenElement);
  expect(await screen.findByText(emptyTitle)).toBeInTheDocument();
  first.unmount();

  fakeApi(failed);
  renderScreen(screenElement);
  return screen.findByRole('alert');
}
