// /administration: the landing page of the administration area, a card for each administration
// page the user may open (their route guards decide), or an explanation when there is none.
import { Empty, ScreenFrame, type ScreenComponent } from '@portal/shared';
import { ADMINISTRATION_PAGES } from '../../../lib/adminPages';
import { usePermittedEach } from '../../../lib/permissions';
import { PageLinks } from '../../../components/PageLinks';

export const AdministrationScreen: ScreenComponent = ({ route }) => {
  const permitted = usePermittedEach(ADMINISTRATION_PAGES.map((page) => page.check));
  const pages = ADMINISTRATION_PAGES.filter((_, index) => permitted[index]);
  return (
    <ScreenFrame route={route}>
      {pages.length === 0 ? (
        <Empty title="No administration page is open to you." description="Ask your administrator for access if you need it." />
      ) : (
        <PageLinks label="Administration pages" pages={pages} />
      )}
    </ScreenFrame>
  );
};
