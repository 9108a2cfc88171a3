import { fakeApi, ok, renderRoute } from '@portal/shared/testing';
import { screen, within } from '@testing-library/react';
import { counts } from '../../testing/fixtures';
import { signIn, signInEachTest } from '../../testing/sessions';
import { CollaborationScreen } from './CollaborationScreen';

signInEachTest();

describe('/collaboration', () => {
  it('shows the three areas, with the open tasks of each inbox tab', async () => {
    const { calls } = fakeApi({ 'GET /api/tasks/inbox/counts': ok(counts({ assigned: 3, workgroups: 1, created: 2, all: 1234 })) });
    renderRoute(CollaborationScreen, '/collaboration');
    const tasks = await screen.findByRole('list', { name: 'Open tasks' });
    expect(within(tasks).getAllByRole('link').map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Assigned to me: 3 open', '/collaboration/tasks'],
      ['My workgroups: 1 open', '/collaboration/tasks?tab=workgroups'],
      ['Created by me: 2 open', '/collaboration/tasks?tab=created'],
      ['All: 1,234 open', '/collaboration/tasks?tab=all'],
    ]);
    expect(screen.getByRole('link', { name: 'Shared Files' })).toHaveAttribute('href', '/collaboration/share-files');
    expect(screen.getByRole('link', { name: 'Organization Chart' })).toHaveAttribute('href', '/collaboration/org-chart');
    expect(calls[0]!.query).toEqual({ graph: 'core', status: 'OPEN' });
  });

  it('shows only the areas the user may open', async () => {
    signIn(['view=>OrgChart']);
    renderRoute(CollaborationScreen, '/collaboration');
    expect(screen.getByRole('link', { name: 'Organization Chart' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Tasks' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Shared Files' })).not.toBeInTheDocument();
  });
});
