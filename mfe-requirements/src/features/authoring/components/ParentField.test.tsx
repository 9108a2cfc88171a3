// Modify's Parent field (issue 26 item 1): the current parent shown, another chosen by code or the
// top level, sent only when changed; the API's refusal of a parent under the requirement itself
// shown on the field and in the summary.
import { history, ROUTES } from '@portal/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { fakeApi } from '../../../testing/fakeApi';
import { detail, requirement } from '../../../testing/fixtures';
import { fill, renderScreen } from '../../../testing/renderScreen';
import { ModifyRequirementScreen } from './ModifyRequirementScreen';
import { signIn } from '../../../testing/session';

const route = ROUTES.find((candidate) => candidate.path === '/requirements/modify')!;
const CYCLE = 'A requirement cannot be placed under itself or one of its sub-requirements.';
const UNDER_REQ_1 = { ancestors: [{ id: 'r1', code: 'REQ-1', title: 'Requirement 1' }], parent_id: 'r1', version: 3 };
const search = { body: { items: [requirement(4), requirement(5, { code: 'REQ-5', title: 'Child of 4' })], total: 2 } };

beforeEach(() => {
  signIn();
  history.replace('/requirements/modify?id=r4');
});

async function saveFrom(user: ReturnType<typeof renderScreen>['user']) {
  await user.click(screen.getByRole('button', { name: 'Next' }));
  await user.click(screen.getByRole('button', { name: 'Next' }));
  await user.click(screen.getByRole('button', { name: 'Save' }));
}

describe('the Parent field of Modify', () => {
  it('shows the parent now; another is found by code and sent; the requirement itself is never offered', async () => {
    const { mutations } = fakeApi({
      'GET /api/requirements/r4': { body: detail(4, UNDER_REQ_1) },
      'GET /api/requirements': search,
      'PUT /api/requirements/r4': { body: detail(4, { parent_id: 'r5', version: 4 }) },
    });
    const { user } = renderScreen(<ModifyRequirementScreen route={route} />);
    const field = await screen.findByRole('searchbox', { name: 'Parent' });
    expect(screen.getByTestId('chosen-parent')).toHaveTextContent('Under REQ-1 Requirement 1');
    await user.type(field, 'REQ');
    const matches = await screen.findByRole('list', { name: 'Parents matching the search' });
    expect(within(matches).queryByRole('button', { name: /REQ-4/ })).not.toBeInTheDocument();
    await user.click(within(matches).getByRole('button', { name: 'Place under REQ-5 Child of 4' }));
    expect(screen.getByTestId('chosen-parent')).toHaveTextContent('Under REQ-5 Child of 4');
    await saveFrom(user);
    await waitFor(() => expect(mutations()).toHaveLength(1));
    expect(mutations()[0].body).toMatchObject({ version: 3, parent_id: 'r5', title: 'Requirement 4' });
  });

  it("moves to the top level with ''", async () => {
    const { mutations } = fakeApi({ 'GET /api/requirements/r4': { body: detail(4, UNDER_REQ_1) }, 'PUT /api/requirements/r4': { body: detail(4, { version: 4 }) } });
    const { user } = renderScreen(<ModifyRequirementScreen route={route} />);
    await user.click(await screen.findByRole('button', { name: 'Move to the top level' }));
    expect(screen.getByTestId('chosen-parent')).toHaveTextContent('At the top level');
    await saveFrom(user);
    await waitFor(() => expect(mutations()).toHaveLength(1));
    expect(mutations()[0].body).toMatchObject({ parent_id: '' });
  });

  it('sends no parent when it did not change', async () => {
    const { mutations } = fakeApi({ 'GET /api/requirements/r4': { body: detail(4, UNDER_REQ_1) }, 'PUT /api/requirements/r4': { body: detail(4, { version: 4 }) } });
    const { user } = renderScreen(<ModifyRequirementScreen route={route} />);
    await screen.findByRole('searchbox', { name: 'Parent' });
    await fill(user, screen.getByRole('textbox', { name: 'Title' }), 'Renamed');
    await saveFrom(user);
    await waitFor(() => expect(mutations()).toHaveLength(1));
    expect(mutations()[0].body).toMatchObject({ title: 'Renamed' });
    expect(mutations()[0].body).not.toHaveProperty('parent_id');
  });

  it('shows the refusal of a parent under the requirement itself', async () => {
    fakeApi({
      'GET /api/requirements/r4': { body: detail(4, UNDER_REQ_1) },
      'GET /api/requirements': search,
      'PUT /api/requirements/r4': { status: 400, problem: { detail: CYCLE, errors: [{ field: 'parent_id', message: CYCLE }] } },
    });
    const { user } = renderScreen(<ModifyRequirementScreen route={route} />);
    await user.type(await screen.findByRole('searchbox', { name: 'Parent' }), 'REQ');
    await user.click(await screen.findByRole('button', { name: 'Place under REQ-5 Child of 4' }));
    await saveFrom(user);
    expect(await screen.findByRole('alert')).toHaveTextContent(CYCLE);
  });
});
