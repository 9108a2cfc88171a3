import { history, setPermissionChecker } from '@portal/shared';
import { screen, within } from '@testing-library/react';
import { renderScreen, routeOf } from '@portal/shared/testing';
import { AdministrationScreen } from './AdministrationScreen';

const open = () => renderScreen(<AdministrationScreen route={routeOf('/administration')} />, { location: '/administration' });
const linkNames = () => within(screen.getByRole('navigation', { name: 'Administration pages' })).getAllByRole('link').map((link) => link.textContent);

afterEach(() => setPermissionChecker(null));

describe('AdministrationScreen', () => {
  it('links to the administration pages a Global Admin may open', () => {
    setPermissionChecker((permission) => permission.endsWith('@global'));
    open();
    expect(linkNames()).toEqual(['Global Administration', 'Vulnerability Database', 'IAM']);
  });

  it('links to the pages of an organization admin', () => {
    setPermissionChecker((permission) => !permission.endsWith('@global'));
    open();
    expect(linkNames()).toEqual([
      'Organization Administration',
      // Read-only for them (access=>Administration): importing into it is the Global Admin's.
      'Vulnerability Database',
      'IAM',
      'Collaboration Administration',
      'User List',
      'Service Modules',
      'Subscription Info',
    ]);
  });

  it('opens a page from its card with the keyboard', async () => {
    const { user } = open();
    const iam = screen.getByRole('link', { name: 'IAM' });
    iam.focus();
    await user.keyboard('{Enter}');
    expect(history.location.pathname).toBe('/administration/iam');
  });

  it('says so when no administration page is open to the user', () => {
    setPermissionChecker(() => false);
    open();
    expect(screen.getByText('No administration page is open to you.')).toBeInTheDocument();
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
  });
});
