import { navigate, sessionStore, type Session } from '@portal/shared';

/**
 * Lands on /dashboard with `session` (spec 4.2): the path first, so that once the session lets the
 * user in (two-factor done) the portal shows the dashboard rather than where the user came from.
 */
export function enterDashboard(session: Session): void {
  navigate('/dashboard');
  sessionStore.setSession(session);
}
