import { act, fireEvent, renderHook, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { ApiError } from '../../api/errors';
import { renderWithPortal } from '../testing/renderWithPortal';
import { FormDialog, type FormDialogProps } from './FormDialog';
import { useDismiss } from './useDismiss';

function NameDialog(props: Partial<FormDialogProps>) {
  const [name, setName] = useState('');
  return (
    <FormDialog open title="Add workgroup" submitText="Add" onClose={jest.fn()} onSubmit={jest.fn()} {...props}>
      <label>
        Name
        <input value={name} onChange={(event) => setName(event.target.value)} />
      </label>
    </FormDialog>
  );
}

describe('FormDialog', () => {
  it('is a dialog holding a form named by its title; Enter in a field submits it', async () => {
    const user = userEvent.setup();
    const onSubmit = jest.fn();
    renderWithPortal(<NameDialog onSubmit={onSubmit} />);
    const dialog = await screen.findByRole('dialog', { name: 'Add workgroup' });
    expect(within(dialog).getByRole('form', { name: 'Add workgroup' })).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('Name'), 'Auditors{Enter}');
    expect(onSubmit).toHaveBeenCalledTimes(1);
    await user.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(onSubmit).toHaveBeenCalledTimes(2);
  });

  it('closes with Cancel and with Escape', async () => {
    const user = userEvent.setup();
    const onClose = jest.fn();
    renderWithPortal(<NameDialog onClose={onClose} />);
    await user.click(await screen.findByRole('button', { name: 'Cancel' }));
    expect(onClose).toHaveBeenCalledTimes(1);
    await user.keyboard('{Escape}');
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(2));
  });

  it('submits nothing while there is nothing valid to submit', async () => {
    const user = userEvent.setup();
    const onSubmit = jest.fn();
    renderWithPortal(<NameDialog onSubmit={onSubmit} submitDisabled />);
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('button', { name: 'Add' })).toBeDisabled();
    await user.type(within(dialog).getByLabelText('Name'), 'Auditors{Enter}');
    fireEvent.submit(within(dialog).getByRole('form'));
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('cannot be dismissed or submitted again while its call runs', async () => {
    const user = userEvent.setup();
    const onClose = jest.fn();
    const onSubmit = jest.fn();
    renderWithPortal(<NameDialog onClose={onClose} onSubmit={onSubmit} busy />);
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toBeDisabled();
    await user.type(within(dialog).getByLabelText('Name'), 'x{Enter}');
    fireEvent.submit(within(dialog).getByRole('form'));
    await user.keyboard('{Escape}');
    expect(onSubmit).not.toHaveBeenCalled();
    expect(onClose).not.toHaveBeenCalled();
  });

  it("shows the call's failure inside, its field messages only when asked, and a footer note", async () => {
    const error = new ApiError(400, 'Invalid input.', {
      problem: { detail: 'The workgroup name is taken.', errors: [{ field: 'name', message: 'must be unique' }] },
    });
    const { rerender } = renderWithPortal(<NameDialog error={error} footerNote={<p>Members are added later.</p>} />);
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('alert')).toHaveTextContent('The workgroup name is taken.');
    expect(within(dialog).queryByRole('list', { name: 'Problems found' })).not.toBeInTheDocument();
    expect(within(dialog).getByText('Members are added later.')).toBeInTheDocument();

    rerender(<NameDialog error={error} listFields />);
    expect(within(await screen.findByRole('dialog')).getByRole('list', { name: 'Problems found' })).toHaveTextContent('name must be unique');
  });

  it('shows no failure for a null error', async () => {
    renderWithPortal(<NameDialog error={null} />);
    expect(within(await screen.findByRole('dialog')).queryByRole('alert')).not.toBeInTheDocument();
  });
});

describe('useDismiss', () => {
  it('closes on a "closed" report, and ignores a late one after unmounting', () => {
    const onClose = jest.fn();
    const { result, unmount } = renderHook(() => useDismiss(onClose));
    act(() => result.current({ open: true }));
    expect(onClose).not.toHaveBeenCalled();
    act(() => result.current({ open: false }));
    expect(onClose).toHaveBeenCalledTimes(1);
    const late = result.current;
    unmount();
    late({ open: false });
    expect(onClose).toHaveBeenCalledTimes(1);
  });
});
