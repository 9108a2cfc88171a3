import { useEffect, type ReactNode } from 'react';
import { Box } from '@chakra-ui/react';
import { useLocation } from 'react-router';
import { ConnectionError, FeatureNotActivated, navigate, NoAccess, useSession } from '@portal/shared';
import { useAuthorizationState } from '../permissions/Authorization';
import { mayWorkWithoutProcess, needsProcess } from '../processes/processScope';
import { useProcessSelection } from '../processes/ProcessSelection';
import { YourProcesses } from '../processes/YourProcesses';
import { Pending } from './Pending';

export const NO_PROCESS_MESSAGE = 'You are not a member of any process. Ask your administrator to add you to one.';
const NEW_PROCESS_PATH = '/projects/new-project';
const DASHBOARD_PATH = '/dashboard';

/**
 * What stands between a route and its owner (spec 2.1, 2.3, 6): the permission evaluator being
 * loaded, the process chooser for project-scoped screens, and the route's guard — a route the
 * user lacks permission for shows NO ACCESS, one that a module switched off by module
 * configuration closes shows "Feature not activated" (spec 2.2). Sessions without access control pass straight
 * through (their redirects are in session/redirects.ts).
 */
export function ContentGate({ children }: { children: ReactNode }) {
  const authorizationState = useAuthorizationState();
  const { state: selection, choose } = useProcessSelection();
  const session = useSession((state) => state.session);
  const { pathname } = useLocation();

  const authorization = authorizationState.status === 'ready' ? authorizationState.authorization : null;
  const projectScoped = needsProcess(pathname);
  // Spec 4.1: with an organization, no process and the right to create one, go to New Process.
  const toNewProcess =
    authorization !== null &&
    selection.status === 'none' &&
    pathname === DASHBOARD_PATH &&
    Boolean(session?.organization) &&
    authorization.permits(authorization.evaluator.PERMISSIONS.processes.CREATE_PROCESS);
  useEffect(() => {
    if (toNewProcess) navigate(NEW_PROCESS_PATH, { replace: true });
  }, [toNewProcess]);

  switch (authorizationState.status) {
    case 'off':
      return <>{children}</>;
    case 'loading':
      return <Pending>Checking your permissions…</Pending>;
    case 'failed':
      return (
        <Box pt={12}>
          <ConnectionError onRetry={authorizationState.retry} />
        </Box>
      );
  }
  const { authorization: ready } = authorizationState;

  if (projectScoped) {
    switch (selection.status) {
      case 'loading':
        return <Pending>Loading your processes…</Pending>;
      case 'failed':
        return (
          <Box pt={12}>
            <ConnectionError message={selection.message} onRetry={selection.retry} retrying={selection.retrying} />
          </Box>
        );
      case 'choose':
        return <YourProcesses processes={selection.processes} onChoose={choose} />;
      case 'none':
        if (toNewProcess) return null;
        if (!mayWorkWithoutProcess(ready, session)) return <NoAccess message={NO_PROCESS_MESSAGE} />;
        break;
    }
  }
  const access = ready.routeAccess(pathname);
  if (access.status === 'feature-off') return <FeatureNotActivated feature={`The ${access.module} module`} />;
  if (access.status === 'no-access') return <NoAccess />;
  return <>{children}</>;
}
