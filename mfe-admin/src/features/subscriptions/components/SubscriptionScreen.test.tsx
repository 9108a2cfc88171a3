import { screen, within } from '@testing-library/react';
import type { Subscription } from '../../../lib/organizations';
import { fakeApi, ok, problem, renderScreen, routeOf } from '@portal/shared/testing';
import { SubscriptionScreen } from './SubscriptionScreen';

const subscription: Subscription = {
  organization: { id: 'org-2', name: 'Trial Inc' },
  edition: 'Trial',
  trial: { active: true, ends_at: '2025-06-15T12:00:00Z' },
  limits: { code: true, requirement: false, num_of_projects: 2, num_of_users: -1, num_of_apps: 5 },
  usage: { projects: 2, users: 7, apps: 1 },
};

const open = () => renderScreen(<SubscriptionScreen route={routeOf('/settings/subscriptions')} />, { location: '/settings/subscriptions' });

describe('SubscriptionScreen', () => {
  it('shows the edition, the trial with its end date, the modules and usage against each limit', async () => {
    const { calls } = fakeApi({ 'GET /api/organizations/subscription': ok(subscription) });
    open();
    expect(screen.getByRole('status')).toHaveTextContent('Loading the subscription…');
    expect(await screen.findByRole('heading', { name: 'Trial Inc', level: 2 })).toBeInTheDocument();
    const facts = screen.getByLabelText('Subscription', { selector: 'dl' });
    expect(facts).toHaveTextContent('EditionTrial');
    expect(facts).toHaveTextContent('Trial14-day trial, ends 06/15/2025');
    expect(facts).toHaveTextContent('Code Provenance moduleOn');
    expect(facts).toHaveTextContent('Requirement moduleOff');

    const usage = screen.getByRole('region', { name: 'Limits and usage' });
    expect(within(usage).getByRole('progressbar', { name: 'Processes used' })).toHaveAttribute('aria-valuetext', '2 of 2');
    expect(within(usage).getByRole('progressbar', { name: 'Applications used' })).toHaveAttribute('aria-valuenow', '1');
    // Unlimited: a count, no bar.
    expect(within(usage).queryByRole('progressbar', { name: 'Users used' })).not.toBeInTheDocument();
    expect(within(usage).getByText('7 of Unlimited')).toBeInTheDocument();
    expect(calls).toEqual([{ method: 'GET', path: '/api/organizations/subscription', query: {}, body: undefined }]);
  });

  it("says 'No trial' for a subscription without one, and when a trial has ended", async () => {
    fakeApi({ 'GET /api/organizations/subscription': ok({ ...subscription, edition: 'Enterprise', trial: null }) });
    const view = open();
    expect(await screen.findByLabelText('Subscription', { selector: 'dl' })).toHaveTextContent('TrialNo trial');
    view.unmount();

    fakeApi({ 'GET /api/organizations/subscription': ok({ ...subscription, trial: { active: false, ends_at: '2025-06-15T12:00:00Z' } }) });
    open();
    expect(await screen.findByLabelText('Subscription', { selector: 'dl' })).toHaveTextContent('Trial14-day trial, ended 06/15/2025 Ended');
  });

  it("shows the API's problem detail", async () => {
    fakeApi({ 'GET /api/organizations/subscription': problem(404, 'You do not belong to an organization.') });
    open();
    expect(await screen.findByRole('alert')).toHaveTextContent('You do not belong to an organization.');
  });

  it('shows NO ACCESS when the API refuses the subscription', async () => {
    fakeApi({ 'GET /api/organizations/subscription': problem(403, 'You do not have the privileges for the request.') });
    open();
    expect(await screen.findByText('NO ACCESS')).toBeInTheDocument();
  });
});
