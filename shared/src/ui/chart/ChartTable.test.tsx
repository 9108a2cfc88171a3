import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithPortal } from '../testing/renderWithPortal';
import { ChartTable } from './ChartTable';

describe('ChartTable', () => {
  it("shows a chart's data as a named table behind a toggle, each row named by its first cell", async () => {
    const user = userEvent.setup();
    renderWithPortal(<ChartTable caption="Requirements by status" headers={['Status', 'Requirements']} rows={[['Draft', 2], ['In progress', 3]]} />);
    const toggle = screen.getByRole('button', { name: 'Show table of requirements by status' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('table')).not.toBeInTheDocument();

    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(toggle).toHaveAccessibleName('Hide table of requirements by status');
    const table = screen.getByRole('table', { name: 'Requirements by status' });
    expect(document.getElementById(toggle.getAttribute('aria-controls') ?? '')).toContainElement(table);
    expect(within(table).getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual(['Status', 'Requirements']);
    expect(within(table).getByRole('rowheader', { name: 'In progress' })).toBeInTheDocument();
    expect(within(table).getAllByRole('row').map((row) => row.textContent)).toEqual(['StatusRequirements', 'Draft2', 'In progress3']);

    await user.click(toggle);
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });
});
