import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError } from '../../api/errors';
import { renderWithPortal } from '../testing/renderWithPortal';
import { Empty, ErrorAlert, Loading, QueryView, type QueryLike } from './QueryStates';

const refused = (count: number) =>
  new ApiError(400, 'Invalid input.', {
    problem: {
      detail: 'The SBOM does not follow its schema.',
      errors: Array.from({ length: count }, (_, index) => ({ field: `/components/${index}/name`, message: 'is required' })),
    },
  });

describe('Loading', () => {
  it('is a polite status line', () => {
    renderWithPortal(<Loading label="Loading users…" />);
    expect(screen.getByRole('status')).toHaveTextContent('Loading users…');
    expect(screen.getByRole('status')).toHaveAttribute('aria-live', 'polite');
  });

  it('reserves the height of what replaces it when told, so nothing below moves when it arrives', () => {
    renderWithPortal(
      <>
        <Loading label="Loading applications…" reserve="15rem" />
        <QueryView query={{ data: undefined, error: null, isPending: true, refetch: jest.fn() }} loading="Loading roles…" reserve="6rem">
          {() => null}
        </QueryView>
      </>,
    );
    const [applications, roles] = screen.getAllByRole('status');
    expect(applications).toHaveStyle({ minHeight: '15rem' });
    expect(roles).toHaveStyle({ minHeight: '6rem' });
  });
});

describe('ErrorAlert', () => {
  it("shows the API's words, and Try again only for a call that can be repeated", async () => {
    const user = userEvent.setup();
    const onRetry = jest.fn();
    const error = new ApiError(409, 'Conflict.', { problem: { detail: 'A requirement with sub-requirements cannot be deleted.' } });
    const { rerender } = renderWithPortal(<ErrorAlert error={error} />);
    expect(screen.getByRole('alert')).toHaveTextContent('A requirement with sub-requirements cannot be deleted.');
    expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();

    rerender(<ErrorAlert error={error} onRetry={onRetry} />);
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(onRetry).toHaveBeenCalledTimes(1);
  });

  it("puts the caller's title first and the problem detail below it", () => {
    renderWithPortal(<ErrorAlert title="The SBOM was refused" error={refused(0)} />);
    const alert = screen.getByRole('alert');
    expect(within(alert).getByText('The SBOM was refused')).toBeInTheDocument();
    expect(within(alert).getByText('The SBOM does not follow its schema.')).toBeInTheDocument();
  });

  it('lists the field messages only when asked, ten at the most', () => {
    const { rerender } = renderWithPortal(<ErrorAlert error={refused(3)} />);
    expect(screen.queryByRole('list', { name: 'Problems found' })).not.toBeInTheDocument();

    rerender(<ErrorAlert error={refused(3)} listFields />);
    const list = screen.getByRole('list', { name: 'Problems found' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(3);
    expect(within(list).getAllByRole('listitem')[0]).toHaveTextContent('/components/0/name is required');

    rerender(<ErrorAlert error={refused(13)} listFields />);
    const items = within(screen.getByRole('list', { name: 'Problems found' })).getAllByRole('listitem');
    expect(items).toHaveLength(11);
    expect(items[10]).toHaveTextContent('and 3 more');
  });
});

describe('Empty', () => {
  it('says what is missing and what to do about it', () => {
    renderWithPortal(<Empty title="No workgroups yet" description="Add one to share tasks." action={<button type="button">Add workgroup</button>} />);
    expect(screen.getByText('No workgroups yet')).toBeInTheDocument();
    expect(screen.getByText('Add one to share tasks.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add workgroup' })).toBeInTheDocument();
  });
});

describe('QueryView', () => {
  function query<T>(state: Partial<QueryLike<T>>): QueryLike<T> {
    return { data: undefined, error: null, isPending: false, refetch: jest.fn(), ...state };
  }
  const forbidden = new ApiError(403, 'Forbidden.', { problem: { detail: 'You do not have the privileges for the request.' } });

  it('shows the loading line, then the data', () => {
    const { rerender } = renderWithPortal(
      <QueryView query={query<string[]>({ isPending: true })} loading="Loading roles…">
        {(roles) => <p>{roles.join(', ')}</p>}
      </QueryView>,
    );
    expect(screen.getByRole('status')).toHaveTextContent('Loading roles…');

    rerender(
      <QueryView query={query({ data: ['ADMIN', 'AUDITOR'] })} loading="Loading roles…">
        {(roles) => <p>{roles.join(', ')}</p>}
      </QueryView>,
    );
    expect(screen.getByText('ADMIN, AUDITOR')).toBeInTheDocument();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('shows a failure with Try again, which reads again', async () => {
    const user = userEvent.setup();
    const failed = query<string>({ error: new ApiError(500, 'Internal server error.') });
    renderWithPortal(
      <QueryView query={failed} loading="Loading…">
        {(data) => data}
      </QueryView>,
    );
    expect(screen.getByRole('alert')).toHaveTextContent('Internal server error.');
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(failed.refetch).toHaveBeenCalledTimes(1);
  });

  it('shows a 403 as a failure, or as NO ACCESS with the API’s words when asked', () => {
    const { rerender } = renderWithPortal(
      <QueryView query={query<string>({ error: forbidden })} loading="Loading…">
        {(data) => data}
      </QueryView>,
    );
    expect(screen.getByRole('alert')).not.toHaveTextContent('NO ACCESS');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();

    rerender(
      <QueryView query={query<string>({ error: forbidden })} loading="Loading…" noAccessOnForbidden>
        {(data) => data}
      </QueryView>,
    );
    expect(screen.getByRole('alert')).toHaveTextContent('NO ACCESS');
    expect(screen.getByText('You do not have the privileges for the request.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
  });

  it('passes listFields on to its failure', () => {
    renderWithPortal(
      <QueryView query={query<string>({ error: refused(2) })} loading="Loading…" listFields>
        {(data) => data}
      </QueryView>,
    );
    expect(within(screen.getByRole('list', { name: 'Problems found' })).getAllByRole('listitem')).toHaveLength(2);
  });
});
