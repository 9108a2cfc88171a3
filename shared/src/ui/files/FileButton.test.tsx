// The design system's file picker as a button: the button is the one Tab stop, the hidden input is
// named for screen readers, the chosen file is handed over, and the same file may be chosen again.
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithPortal } from '../testing/renderWithPortal';
import { FileButton } from './FileButton';

it('hands over the chosen file, again when the same one is chosen twice', async () => {
  const user = userEvent.setup();
  const onFile = jest.fn();
  renderWithPortal(
    <FileButton label="VEX file" accept=".json" onFile={onFile}>
      Import VEX
    </FileButton>,
  );
  const input = screen.getByLabelText('VEX file');
  expect(input).toHaveAttribute('type', 'file');
  expect(input).toHaveAttribute('accept', '.json');
  expect(input).toHaveAttribute('tabindex', '-1');
  const file = new File(['{}'], 'vex.json', { type: 'application/json' });
  await user.upload(input, file);
  await user.upload(input, file);
  expect(onFile).toHaveBeenCalledTimes(2);
  expect(onFile).toHaveBeenLastCalledWith(file);
});

it('opens the file dialog from the button, the keyboard\'s way in', async () => {
  const user = userEvent.setup();
  renderWithPortal(
    <FileButton label="VEX file" onFile={jest.fn()}>
      Import VEX
    </FileButton>,
  );
  const click = jest.spyOn(screen.getByLabelText('VEX file'), 'click');
  await user.tab();
  expect(screen.getByRole('button', { name: 'Import VEX' })).toHaveFocus();
  await user.keyboard('{Enter}');
  expect(click).toHaveBeenCalledTimes(1);
});

it('is disabled as a whole', () => {
  renderWithPortal(
    <FileButton label="VEX file" onFile={jest.fn()} disabled>
      Import VEX
    </FileButton>,
  );
  expect(screen.getByRole('button', { name: 'Import VEX' })).toBeDisabled();
  expect(screen.getByLabelText('VEX file')).toBeDisabled();
});
