// The footer (spec 2.3): company, copyright with the current year, trademark line.
import { render, screen } from '@testing-library/react';
import { PortalProvider, createPortalQueryClient } from '@portal/shared';
import { COMPANY_NAME, Footer } from './Footer';

const renderFooter = (now?: () => Date) =>
  render(
    <PortalProvider queryClient={createPortalQueryClient()}>
      <Footer now={now} />
    </PortalProvider>,
  );

it('shows the company, the copyright of the current year and the trademark line', () => {
  renderFooter();
  const footer = screen.getByRole('contentinfo');
  expect(footer).toHaveTextContent(`© ${new Date().getFullYear()} ${COMPANY_NAME}. All rights reserved.`);
  expect(footer).toHaveTextContent(`Security Portal is a trademark of the ${COMPANY_NAME}.`);
});

it('follows the year of the clock', () => {
  renderFooter(() => new Date('2031-03-01T12:00:00Z'));
  expect(screen.getByRole('contentinfo')).toHaveTextContent('© 2031');
});
