// Focus returns to the opener when a dialog closes (WCAG 2.4.3; issue 26 item 20: closing the
// Edit dialog of the app page dropped focus to <body>, its autofocused field having been taken
// for the opener).
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { renderWithPortal } from '../testing/renderWithPortal';
import { ConfirmDialog } from './ConfirmDialog';
import { FormDialog } from './FormDialog';

function EditName({ keepOpener = true }: { keepOpener?: boolean }) {
  const [open, setOpen] = useState(false);
  const [saved, setSaved] = useState(false);
  return (
    <main tabIndex={-1}>
      {keepOpener || !saved ? <button onClick={() => setOpen(true)}>Edit</button> : <p>Renamed</p>}
      <FormDialog
        open={open}
        title="Edit name"
        submitText="Save"
        onClose={() => setOpen(false)}
        onSubmit={() => {
          setSaved(true);
          setOpen(false);
        }}
      >
        <label>
          Name
          {/* A field that takes focus as the dialog opens, as the app's and the profile's do. */}
          <input autoFocus />
        </label>
      </FormDialog>
    </main>
  );
}

async function closed() {
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
}

describe('a dialog closing', () => {
  it('gives focus back to its opener after Escape, Cancel and a submission, though a field took focus when it opened', async () => {
    const user = userEvent.setup();
    renderWithPortal(<EditName />);
    const edit = screen.getByRole('button', { name: 'Edit' });
    edit.focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(screen.getByLabelText('Name')).toHaveFocus());
    await user.keyboard('{Escape}');
    await closed();
    await waitFor(() => expect(edit).toHaveFocus());

    await user.click(edit);
    await user.click(await screen.findByRole('button', { name: 'Cancel' }));
    await closed();
    await waitFor(() => expect(edit).toHaveFocus());

    await user.keyboard('{Enter}');
    await waitFor(() => expect(screen.getByLabelText('Name')).toHaveFocus());
    await user.keyboard('{Enter}');
    await closed();
    await waitFor(() => expect(edit).toHaveFocus());
  });

  it('gives focus to the main content when the opener is gone', async () => {
    const user = userEvent.setup();
    renderWithPortal(<EditName keepOpener={false} />);
    screen.getByRole('button', { name: 'Edit' }).focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(screen.getByLabelText('Name')).toHaveFocus());
    await user.keyboard('{Enter}');
    await closed();
    expect(screen.getByText('Renamed')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('main')).toHaveFocus());
  });

  it('gives focus back from a confirmation (the shared frame)', async () => {
    const user = userEvent.setup();
    function Confirming() {
      const [open, setOpen] = useState(false);
      return (
        <>
          <button onClick={() => setOpen(true)}>Clear SBOMs</button>
          <ConfirmDialog open={open} title="Clear SBOMs" message="All builds go." yesText="Clear" onYes={() => setOpen(false)} onNo={() => setOpen(false)} />
        </>
      );
    }
    renderWithPortal(<Confirming />);
    const opener = screen.getByRole('button', { name: 'Clear SBOMs' });
    await user.click(opener);
    await user.click(await screen.findByRole('button', { name: 'Clear' }));
    await closed();
    await waitFor(() => expect(opener).toHaveFocus());
  });
});
