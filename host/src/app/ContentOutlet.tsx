import { useLocation } from 'react-router';
import { resolveRoute, useSession } from '@portal/shared';
import { RemoteOutlet } from '../remotes/RemoteOutlet';
import { HostScreen } from '../screens/HostScreen';
import { NotFound } from '../screens/NotFound';

/** Spec 2.1: the proof-of-concept routes exist only for sessions with the poc feature flag. */
export function isPocRoute(path: string): boolean {
  return path === '/poc' || path.startsWith('/poc/');
}

/**
 * Renders the owner of the current route: a host screen, a remote parcel, or the 404 page — also
 * for a /poc route opened without the poc feature flag (typed or bookmarked, not only unlinked).
 */
export function ContentOutlet() {
  const { pathname } = useLocation();
  const poc = useSession((state) => state.session?.features?.poc === true);
  const match = resolveRoute(pathname);
  if (!match || match.route.path === '/404' || (isPocRoute(match.route.path) && !poc)) return <NotFound />;
  if (match.route.owner === 'host') return <HostScreen route={match.route} />;
  // Keyed: another remote is a new outlet with its own load state.
  return <RemoteOutlet key={match.route.owner} remote={match.route.owner} />;
}
