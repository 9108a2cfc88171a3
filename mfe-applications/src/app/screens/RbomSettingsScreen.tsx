// /applications/{app_key}/rbom-settings: the app's deployment profiles and their runtime BOMs
// (features/deployment-profiles). An app key the process does not hold is 'Invalid app key'.
import { Link as ChakraLink, Stack, Text } from '@chakra-ui/react';
import { isApiError, ScreenFrame, type ScreenComponent } from '@portal/shared';
import { Link, useParams } from 'react-router';
import { Empty, ErrorAlert, Loading } from '../../components/QueryStates';
import { useApplication } from '../../features/builds/api/getApplication';
import { DeploymentProfiles } from '../../features/deployment-profiles/components/DeploymentProfiles';
import { applicationPath, useWorkingScope } from '../../lib/graph';
import { invalidKeyTitle } from '../../lib/problemText';

export const RbomSettingsScreen: ScreenComponent = ({ route }) => {
  const appKey = useParams().app_key ?? '';
  const { graph, platformView } = useWorkingScope();
  const application = useApplication(graph, appKey);
  const back = (
    <ChakraLink asChild colorPalette="blue">
      <Link to={applicationPath(appKey, platformView && graph ? { process: graph } : {})}>Back to the application</Link>
    </ChakraLink>
  );
  if (graph === undefined) {
    return (
      <ScreenFrame route={route}>
        <Empty title="No process selected" description="Open the application from Security Posture, which names its process." />
      </ScreenFrame>
    );
  }
  return (
    <ScreenFrame route={route}>
      {application.isPending ? (
        <Loading label="Loading the application…" />
      ) : isApiError(application.error) && application.error.status === 404 ? (
        <Stack gap={3} maxW="40rem">
          <ErrorAlert error={application.error} title={invalidKeyTitle(application.error)} />
          <Text fontSize="sm">No application of this process has the key “{appKey}”.</Text>
        </Stack>
      ) : application.error || !application.data ? (
        <ErrorAlert error={application.error} onRetry={() => void application.refetch()} />
      ) : (
        <Stack gap={4}>
          <Text>
            Deployment profiles of <strong>{application.data.name}</strong> ({application.data.app_key}) · {back}
          </Text>
          <DeploymentProfiles graph={graph} appKey={application.data.app_key} builds={application.data.builds} />
        </Stack>
      )}
    </ScreenFrame>
  );
};
