import { screen, within } from '@testing-library/react';
import { ProgressBar } from '../feedback/ProgressBar';
import { formatSize } from '../files/formatSize';
import { renderWithPortal } from '../testing/renderWithPortal';
import { DataTable } from './DataTable';

const rows = [
  { id: 'a', login: 'ada', name: 'Ada' },
  { id: 'b', login: 'bob', name: 'Bob' },
];

describe('DataTable', () => {
  it('names the list, heads its columns and rows, and marks the current row', () => {
    renderWithPortal(
      <DataTable
        caption="Users"
        rows={rows}
        rowKey={(row) => row.id}
        rowCurrent={(row) => row.id === 'b'}
        columns={[
          { header: 'Login', rowHeader: true, cell: (row) => row.login },
          { header: 'Name', cell: (row) => row.name, align: 'end' },
        ]}
      />,
    );
    const table = screen.getByRole('table', { name: 'Users' });
    expect(within(table).getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual(['Login', 'Name']);
    expect(within(table).getAllByRole('rowheader').map((cell) => cell.textContent)).toEqual(['ada', 'bob']);
    const current = within(table).getAllByRole('row').filter((row) => row.getAttribute('aria-current') === 'true');
    expect(current.map((row) => row.textContent)).toEqual(['bobBob']);
  });
});

describe('ProgressBar', () => {
  it('reads out its value, or none while the length of the work is unknown', () => {
    renderWithPortal(
      <>
        <ProgressBar label="Upload progress" value={3} max={4} valueText="3 of 4" />
        <ProgressBar label="Processing" />
      </>,
    );
    const upload = screen.getByRole('progressbar', { name: 'Upload progress' });
    expect(upload).toHaveAttribute('aria-valuenow', '3');
    expect(upload).toHaveAttribute('aria-valuetext', '3 of 4');
    expect(screen.getByRole('progressbar', { name: 'Processing' })).not.toHaveAttribute('aria-valuenow');
  });
});

it('formatSize reads bytes as people do', () => {
  expect([formatSize(512), formatSize(1536), formatSize(3.5 * 1024 * 1024)]).toEqual(['512 B', '1.5 KB', '3.5 MB']);
});
