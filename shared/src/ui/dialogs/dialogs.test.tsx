import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { renderWithPortal } from '../testing/renderWithPortal';
import { ConfirmDialog } from './ConfirmDialog';
import { DeleteConfirmationDialog } from './DeleteConfirmationDialog';
import { NoticeDialog } from './NoticeDialog';

describe('DeleteConfirmationDialog', () => {
  function setup(props: Partial<Parameters<typeof DeleteConfirmationDialog>[0]> = {}) {
    const onConfirm = jest.fn();
    const onCancel = jest.fn();
    const user = userEvent.setup();
    const view = renderWithPortal(
      <DeleteConfirmationDialog
        open
        title="Delete process"
        message="The process and its requirements will be deleted."
        onConfirm={onConfirm}
        onCancel={onCancel}
        {...props}
      />,
    );
    return { onConfirm, onCancel, user, view };
  }

  it('keeps Delete disabled until the confirm word is typed exactly', async () => {
    const { user, onConfirm } = setup();
    expect(await screen.findByRole('alertdialog', { name: 'Delete process' })).toBeInTheDocument();
    expect(screen.getByText('The process and its requirements will be deleted.')).toBeInTheDocument();
    const input = screen.getByLabelText("Type 'delete' to confirm");
    const confirm = screen.getByRole('button', { name: 'Delete' });
    expect(confirm).toBeDisabled();

    await user.type(input, 'Delete');
    expect(confirm).toBeDisabled();
    await user.clear(input);
    await user.type(input, 'delete ');
    expect(confirm).toBeDisabled();
    await user.type(input, '{Backspace}');
    expect(confirm).toBeEnabled();

    await user.click(confirm);
    expect(onConfirm).toHaveBeenCalledTimes(1);
  });

  it('confirms with Enter once the word is typed, and uses a custom confirm word', async () => {
    const { user, onConfirm } = setup({ confirmWord: 'clear', confirmText: 'Clear' });
    const input = await screen.findByLabelText("Type 'clear' to confirm");
    await user.type(input, 'delete{Enter}');
    expect(onConfirm).not.toHaveBeenCalled();
    await user.clear(input);
    await user.type(input, 'clear{Enter}');
    expect(onConfirm).toHaveBeenCalledTimes(1);
  });

  it('cancels with Cancel and with Escape', async () => {
    const { user, onCancel } = setup();
    await user.click(await screen.findByRole('button', { name: 'Cancel' }));
    expect(onCancel).toHaveBeenCalledTimes(1);
    await user.keyboard('{Escape}');
    expect(onCancel).toHaveBeenCalledTimes(2);
  });

  it('cannot confirm or cancel while busy', async () => {
    setup({ busy: true });
    await screen.findByRole('alertdialog');
    expect(screen.getByRole('button', { name: /Delete/ })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeDisabled();
  });

  it('forgets the typed word when closed and opened again', async () => {
    const user = userEvent.setup();
    function Harness() {
      const [open, setOpen] = useState(true);
      return (
        <>
          <button onClick={() => setOpen(true)}>Open</button>
          <DeleteConfirmationDialog
            open={open}
            title="Delete"
            message="Sure?"
            onConfirm={() => setOpen(false)}
            onCancel={() => setOpen(false)}
          />
        </>
      );
    }
    renderWithPortal(<Harness />);
    await user.type(await screen.findByLabelText("Type 'delete' to confirm"), 'delete');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());

    await user.click(screen.getByRole('button', { name: 'Open' }));
    expect(await screen.findByLabelText("Type 'delete' to confirm")).toHaveValue('');
    expect(screen.getByRole('button', { name: 'Delete' })).toBeDisabled();
  });
});

describe('ConfirmDialog', () => {
  it('calls onYes and onNo', async () => {
    const user = userEvent.setup();
    const onYes = jest.fn();
    const onNo = jest.fn();
    renderWithPortal(
      <ConfirmDialog
        open
        title="Disable MFA"
        message="Are you sure you want to disable two-factor authentication?"
        onYes={onYes}
        onNo={onNo}
      />,
    );
    expect(await screen.findByRole('alertdialog', { name: 'Disable MFA' })).toHaveTextContent(
      'Are you sure you want to disable two-factor authentication?',
    );
    await user.click(screen.getByRole('button', { name: 'Yes' }));
    expect(onYes).toHaveBeenCalledTimes(1);
    expect(onNo).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'No' }));
    expect(onNo).toHaveBeenCalledTimes(1);
  });

  it('renders nothing when closed', () => {
    renderWithPortal(<ConfirmDialog open={false} title="T" message="M" onYes={jest.fn()} onNo={jest.fn()} />);
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });
});

describe('NoticeDialog', () => {
  it('shows title and message and closes with Close', async () => {
    const user = userEvent.setup();
    const onClose = jest.fn();
    renderWithPortal(<NoticeDialog open title="Error" message="Data is not valid." onClose={onClose} />);
    expect(await screen.findByRole('dialog', { name: 'Error' })).toHaveTextContent('Data is not valid.');
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });
});
