import { useLocation } from 'react-router';
import { resolveRoute } from '@portal/shared';
import { RemoteOutlet } from '../remotes/RemoteOutlet';
import { HostScreen } from '../screens/HostScreen';
import { NotFound } from '../screens/NotFound';

/** Renders the owner of the current route: a host screen, a remote parcel, or the 404 page. */
export function ContentOutlet() {
  const { pathname } = useLocation();
  const match = resolveRoute(pathname);
  if (!match || match.route.path === '/404') return <NotFound />;
  if (match.route.owner === 'host') return <HostScreen route={match.route} />;
  // Keyed: another remote is a new outlet with its own load state.
  return <RemoteOutlet key={match.route.owner} remote={match.route.owner} />;
}
