import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { history } from '../../navigation/history';
import { renderWithPortal } from '../testing/renderWithPortal';
import { ConnectionError } from './ConnectionError';
import { FeatureNotActivated } from './FeatureNotActivated';
import { NoAccess } from './NoAccess';

describe('NoAccess', () => {
  it('says NO ACCESS with an explanation', () => {
    renderWithPortal(<NoAccess />);
    expect(screen.getByRole('alert')).toHaveTextContent('NO ACCESS');
    expect(screen.getByText(/do not have permission/)).toBeInTheDocument();
  });

  it('takes a custom explanation', () => {
    renderWithPortal(<NoAccess message="Ask a process admin." />);
    expect(screen.getByText('Ask a process admin.')).toBeInTheDocument();
  });
});

describe('FeatureNotActivated', () => {
  it('links to the subscription page through the shared history', async () => {
    const user = userEvent.setup();
    history.replace('/requirements');
    renderWithPortal(<FeatureNotActivated feature="Gap analysis" />);
    expect(screen.getByText('Feature not activated')).toBeInTheDocument();
    expect(screen.getByText(/Gap analysis is not included/)).toBeInTheDocument();
    const link = screen.getByRole('link', { name: 'Upgrade subscription' });
    expect(link).toHaveAttribute('href', '/settings/subscriptions');
    await user.click(link);
    expect(history.location.pathname).toBe('/settings/subscriptions');
  });

  it('calls onUpgrade when given', async () => {
    const user = userEvent.setup();
    const onUpgrade = jest.fn();
    renderWithPortal(<FeatureNotActivated onUpgrade={onUpgrade} />);
    await user.click(screen.getByRole('button', { name: 'Upgrade subscription' }));
    expect(onUpgrade).toHaveBeenCalledTimes(1);
  });
});

describe('ConnectionError', () => {
  it('shows the message and retries on Try Again', async () => {
    const user = userEvent.setup();
    const onRetry = jest.fn();
    renderWithPortal(<ConnectionError onRetry={onRetry} />);
    expect(screen.getByText('Connection Error. Please try again later.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(onRetry).toHaveBeenCalledTimes(1);
  });

  it('disables Try Again while retrying', () => {
    renderWithPortal(<ConnectionError onRetry={jest.fn()} retrying />);
    expect(screen.getByRole('button', { name: /Try Again/ })).toBeDisabled();
  });
});
