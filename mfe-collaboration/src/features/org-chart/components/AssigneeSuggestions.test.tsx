import { screen, within } from '@testing-library/react';
import { setPermissionChecker } from '@portal/shared';
import { fakeApi, renderScreen, signInWith, testProcess, testSession } from '@portal/shared/testing';
import { AssigneeSuggestions } from './AssigneeSuggestions';

const ADA = { id: 'u-ada', login_id: 'ada', name: 'Ada Lead' };
const RITA = { id: 'u-rita', login_id: 'rita', name: 'Rita Dev' };

beforeEach(() => signInWith(testSession(), testProcess()));
afterEach(() => setPermissionChecker(null));

describe('AssigneeSuggestions', () => {
  it("offers the owner's manager and the members of a chosen department", async () => {
    const { calls } = fakeApi({
      'GET /api/org-chart/suggestions': (call) => ({
        body: { owner_manager: ADA, department_members: call.query.department === 'Engineering' ? [ADA, RITA] : [], departments: ['Engineering', 'Sales'] },
      }),
    });
    const onPick = jest.fn();
    const { user } = renderScreen(<AssigneeSuggestions graph="core" ownerId="u-rita" onPick={onPick} />);
    const section = await screen.findByRole('region', { name: 'Suggested by the organization chart' });
    await user.click(await within(section).findByRole('button', { name: 'Ada Lead (ada)' }));
    expect(onPick).toHaveBeenCalledWith(ADA);
    expect(calls[0].query).toEqual({ graph: 'core', owner: 'u-rita' });
    await user.selectOptions(within(section).getByLabelText('Department'), 'Engineering');
    const members = await within(section).findByLabelText('Members of Engineering');
    await user.click(await within(members).findByRole('button', { name: 'Rita Dev (rita)' }));
    expect(onPick).toHaveBeenLastCalledWith(RITA);
    await user.selectOptions(within(section).getByLabelText('Department'), 'Sales');
    expect(await within(section).findByText('Nobody of Sales is a portal user.')).toBeInTheDocument();
  });

  it('shows nothing without use=>OrgChart, and asks nothing', async () => {
    setPermissionChecker((permission) => permission !== 'use=>OrgChart');
    const { calls } = fakeApi({});
    renderScreen(<AssigneeSuggestions graph="core" ownerId="u-rita" onPick={jest.fn()} />);
    expect(screen.queryByRole('region', { name: 'Suggested by the organization chart' })).not.toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });
});
