import { unstable_HistoryRouter as HistoryRouter } from 'react-router';
import { history, NoticeHost, PortalProvider, queryClient, SnackbarHost } from '@portal/shared';
import { Shell } from '../shell/Shell';
import { ContentOutlet } from './ContentOutlet';

export function App() {
  return (
    <PortalProvider queryClient={queryClient}>
      <HistoryRouter history={history as never}>
        <Shell>
          <ContentOutlet />
        </Shell>
      </HistoryRouter>
      <NoticeHost />
      <SnackbarHost />
    </PortalProvider>
  );
}
