// The header's support menu (spec 2.3): Beginners Guide (a PDF the API renders from the
// project's docs/beginners-guide.md, opened in a new tab) and Contact Us (the inquiry form).
import { getApiClientConfig, navigate } from '@portal/shared';
import { HeaderMenu } from './HeaderMenu';

export const CONTACT_US_PATH = '/support/contactUs';
export const BEGINNERS_GUIDE_PATH = 'misc/beginners-guide.pdf';

export function beginnersGuideUrl(): string {
  return `${getApiClientConfig().baseUrl}/${BEGINNERS_GUIDE_PATH}`;
}

export function SupportMenu() {
  return (
    <HeaderMenu
      label="Support menu"
      testId="support-menu"
      groups={[
        {
          key: 'support',
          items: [
            { key: 'guide', label: 'Beginners Guide', onSelect: () => window.open(beginnersGuideUrl(), '_blank', 'noopener') },
            { key: 'contact', label: 'Contact Us', onSelect: () => navigate(CONTACT_US_PATH) },
          ],
        },
      ]}
    >
      Support
    </HeaderMenu>
  );
}
