import { history, ROUTES } from '@portal/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { fakeApi } from '../../../testing/fakeApi';
import { detail } from '../../../testing/fixtures';
import { fill, renderScreen } from '../../../testing/renderScreen';
import { ModifyRequirementScreen } from './ModifyRequirementScreen';
import { signIn } from '../../../testing/session';

const route = ROUTES.find((candidate) => candidate.path === '/requirements/modify')!;
const STALE = 'The requirement was changed by someone else. Reload it and try again.';

beforeEach(() => {
  signIn();
  history.replace('/requirements/modify?id=r1');
});

describe('ModifyRequirementScreen', () => {
  it('sends the version it edited; a stale version shows the message and Reload starts again on the new one', async () => {
    const { mutations } = fakeApi({
      'GET /api/requirements/r1': [
        { body: detail(1, { title: 'Old title', version: 3, tags: ['a'] }) },
        { body: detail(1, { title: 'Their title', version: 4, tags: ['a'] }) },
      ],
      'PUT /api/requirements/r1': [{ status: 409, problem: { detail: STALE } }, { body: detail(1, { title: 'Mine again', version: 5 }) }],
    });
    const { user } = renderScreen(<ModifyRequirementScreen route={route} />);
    const title = await screen.findByRole('textbox', { name: 'Title' });
    expect(title).toHaveValue('Old title');
    await fill(user, title, 'My title');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByRole('textbox', { name: 'Tags' })).toHaveValue('a');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(STALE);
    expect(mutations()[0].body).toMatchObject({ title: 'My title', version: 3, tags: ['a'] });

    await user.click(screen.getByRole('button', { name: 'Reload' }));
    expect(await screen.findByDisplayValue('Their title')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    await fill(user, screen.getByRole('textbox', { name: 'Title' }), 'Mine again');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(history.location.search).toBe('?id=r1'));
    expect(history.location.pathname).toBe('/requirements');
    expect(mutations()[1].body).toMatchObject({ title: 'Mine again', version: 4 });
  });

  it('keeps the owner it has, even one no longer listed, and Nobody removes them', async () => {
    const rex = { id: 'u-rex', login_id: 'rex', name: 'Rex Reviewer' };
    const { mutations } = fakeApi({
      'GET /api/requirements/r1': { body: detail(1, { owner: rex, version: 2 }) },
      'GET /api/requirements/owners': { body: [{ id: 'u-ann', login_id: 'ann', name: 'Ann Author' }] },
      'PUT /api/requirements/r1': { body: detail(1, { owner: null, version: 3 }) },
    });
    const { user } = renderScreen(<ModifyRequirementScreen route={route} />);
    await screen.findByRole('textbox', { name: 'Title' });
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    const owner = screen.getByRole('combobox', { name: 'Owner' });
    expect(owner).toHaveDisplayValue('Rex Reviewer (rex)');
    await waitFor(() => expect(within(owner).getAllByRole('option').map((option) => option.textContent)).toEqual(['Nobody', 'Rex Reviewer (rex)', 'Ann Author (ann)']));
    await user.selectOptions(owner, 'Nobody');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(mutations()).toHaveLength(1));
    expect(mutations()[0].body).toMatchObject({ owner_id: '', version: 2 });
  });

  it('does not modify a deleted requirement', async () => {
    fakeApi({ 'GET /api/requirements/r1': { body: detail(1, { deleted_at: '2026-11-05T10:00:00.000Z' }) } });
    renderScreen(<ModifyRequirementScreen route={route} />);
    expect(await screen.findByRole('alert')).toHaveTextContent('REQ-1 is deleted and cannot be modified.');
    expect(screen.queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
  });
});
