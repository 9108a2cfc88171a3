// The header's support menu (spec 2.3): Beginners Guide (a PDF the API renders from the
// project's docs/beginners-guide.md, opened in a new tab) and Contact Us (the inquiry form).
import { getApiClientConfig, navigate, useSession } from '@portal/shared';
import { staysOn } from '../session/redirects';
import { HeaderMenu, type HeaderMenuItem } from './HeaderMenu';

export const CONTACT_US_PATH = '/support/contactUs';
export const BEGINNERS_GUIDE_PATH = 'misc/beginners-guide.pdf';

export function beginnersGuideUrl(): string {
  return `${getApiClientConfig().baseUrl}/${BEGINNERS_GUIDE_PATH}`;
}

export function SupportMenu() {
  const session = useSession((state) => state.session);
  const items: HeaderMenuItem[] = [{ key: 'guide', label: 'Beginners Guide', onSelect: () => window.open(beginnersGuideUrl(), '_blank', 'noopener') }];
  // Not where spec 4.1 limits the user to other paths (a Global Admin without processes).
  if (!session || staysOn(session, CONTACT_US_PATH)) items.push({ key: 'contact', label: 'Contact Us', onSelect: () => navigate(CONTACT_US_PATH) });
  return (
    <HeaderMenu
      label="Support menu"
      testId="support-menu"
      groups={[{ key: 'support', items }]}
    >
      Support
    </HeaderMenu>
  );
}
