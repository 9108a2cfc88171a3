import { act, screen } from '@testing-library/react';
import { bus } from '../../bus/bus';
import { renderWithPortal } from '../testing/renderWithPortal';
import { showSnackbar, SnackbarHost } from './SnackbarHost';

/**
 * Emits a snackbar, lets the toaster's chunk load (it is loaded with the first snackbar) and the
 * toast store deliver it (it schedules the render on a zero timer).
 */
async function emit(send: () => void): Promise<void> {
  act(send);
  await act(async () => {
    await import('./SnackbarToasts');
  });
  act(() => jest.advanceTimersByTime(0));
}

function toastOf(text: string): HTMLElement | null {
  return screen.getByText(text).closest('[data-scope="toast"][data-part="root"]');
}

describe('SnackbarHost', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => {
    // Let every snackbar of the shared store run out so tests stay independent.
    act(() => jest.advanceTimersByTime(60_000));
    jest.useRealTimers();
  });

  it('shows a bus snackbar at the bottom centre and hides it after 5000 ms', async () => {
    renderWithPortal(<SnackbarHost />);
    await emit(() => showSnackbar('Requirement saved.', 'success'));

    // Synchronous queries: findBy* would advance the fake clock while it polls.
    expect(screen.getByText('Requirement saved.').closest('[data-placement]')).toHaveAttribute('data-placement', 'bottom');
    expect(toastOf('Requirement saved.')).toHaveAttribute('data-type', 'success');

    act(() => jest.advanceTimersByTime(4999));
    expect(toastOf('Requirement saved.')).toHaveAttribute('data-state', 'open');

    // The countdown starts on the frame the snackbar is painted (one 16 ms frame in jsdom).
    act(() => jest.advanceTimersByTime(17));
    expect(toastOf('Requirement saved.')).toHaveAttribute('data-state', 'closed');

    act(() => jest.advanceTimersByTime(1000));
    expect(screen.queryByText('Requirement saved.')).not.toBeInTheDocument();
  });

  it('shows messages emitted directly on the bus, defaulting to info', async () => {
    renderWithPortal(<SnackbarHost />);
    await emit(() => bus.emit('snackbar:show', { message: 'Copied.' }));
    expect(toastOf('Copied.')).toHaveAttribute('data-type', 'info');
  });

  it('draws nothing before the first snackbar, then shows every message raised while the toaster loaded, and later ones', async () => {
    const { container } = renderWithPortal(<SnackbarHost />);
    expect(container).toBeEmptyDOMElement();
    await emit(() => {
      showSnackbar('First.');
      showSnackbar('Second.', 'error');
    });
    expect(toastOf('First.')).toHaveAttribute('data-type', 'info');
    expect(toastOf('Second.')).toHaveAttribute('data-type', 'error');
    await emit(() => showSnackbar('Third.', 'success'));
    expect(screen.getAllByText(/^(First|Second|Third)\.$/).map((element) => element.textContent)).toHaveLength(3);
    expect(toastOf('Third.')).toHaveAttribute('data-type', 'success');
  });

  it('stops listening once unmounted', async () => {
    const { unmount } = renderWithPortal(<SnackbarHost />);
    unmount();
    await emit(() => showSnackbar('Nobody listens.'));
    expect(screen.queryByText('Nobody listens.')).not.toBeInTheDocument();
  });
});
