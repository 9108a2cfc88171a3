import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { bus } from '../../bus/bus';
import { renderWithPortal } from '../testing/renderWithPortal';
import { NoticeHost, showNotice } from './NoticeHost';

describe('NoticeHost', () => {
  it('shows bus notices one after another', async () => {
    const user = userEvent.setup();
    renderWithPortal(<NoticeHost />);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    act(() => {
      bus.emit('notice:show', { title: 'Error', message: 'Data is not valid.' });
      showNotice('Error', 'The requested resource does not exist.');
    });

    expect(await screen.findByRole('dialog', { name: 'Error' })).toHaveTextContent('Data is not valid.');
    await user.click(screen.getByRole('button', { name: 'Close' }));

    await waitFor(() =>
      expect(screen.getByRole('dialog', { name: 'Error' })).toHaveTextContent('The requested resource does not exist.'),
    );
    await user.click(screen.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('stops listening once unmounted', () => {
    const { unmount } = renderWithPortal(<NoticeHost />);
    unmount();
    act(() => showNotice('Error', 'Nobody listens.'));
    expect(screen.queryByText('Nobody listens.')).not.toBeInTheDocument();
  });
});
