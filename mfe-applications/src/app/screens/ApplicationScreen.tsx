// /applications/{app_key}: the app with its builds and whatever other tabs the domain adds
// (applicationTabs.tsx). An app key the process does not hold is 'Invalid app key' (spec 8).
import { Link as ChakraLink, Stack, Text } from '@chakra-ui/react';
import { isApiError, isPermitted, ScreenFrame, usePermitted, type ScreenComponent } from '@portal/shared';
import { Tabs } from '@portal/shared/screens';
import { Link, useParams } from 'react-router';
import { Empty, ErrorAlert, Loading } from '../../components/QueryStates';
import { ApplicationHeader } from '../../features/applications/components/ApplicationHeader';
import { useApplication } from '../../features/builds/api/getApplication';
import { ClearSbomsButton } from '../../features/builds/components/ClearSbomsButton';
import { AttestationButton } from '../../features/compliance/AttestationButton';
import { useWorkingScope } from '../../lib/graph';
import { invalidKeyTitle } from '../../lib/problemText';
import { usePageParams } from '../../lib/searchParams';
import { APPLICATION_TABS } from '../applicationTabs';

export const ApplicationScreen: ScreenComponent = ({ route }) => {
  const appKey = useParams().app_key ?? '';
  const { graph, platformView } = useWorkingScope();
  const application = useApplication(graph, appKey);
  const { params, change } = usePageParams();
  usePermitted('view=>Application');
  const tabs = APPLICATION_TABS.filter((tab) => tab.permission === undefined || isPermitted(tab.permission));

  if (graph === undefined) {
    return (
      <ScreenFrame route={route}>
        <Empty title="No process selected" description="Open the app from Security Posture, which names its process." />
      </ScreenFrame>
    );
  }
  const invalid = isApiError(application.error) && application.error.status === 404;
  return (
    <ScreenFrame route={route}>
      {application.isPending ? (
        <Loading label="Loading the application…" />
      ) : invalid ? (
        <Stack gap={3} maxW="40rem">
          <ErrorAlert error={application.error} title={invalidKeyTitle(application.error)} />
          <Text fontSize="sm">
            No application of this process has the key “{appKey}”.{' '}
            <ChakraLink asChild colorPalette="blue">
              <Link to="/applications">Back to Security Posture</Link>
            </ChakraLink>
          </Text>
        </Stack>
      ) : application.error || !application.data ? (
        <ErrorAlert error={application.error} onRetry={() => void application.refetch()} />
      ) : (
        <Stack gap={6}>
          <ApplicationHeader
            graph={graph}
            application={application.data}
            platformView={platformView}
            actions={
              !platformView && (
                <>
                  <AttestationButton graph={graph} appKey={application.data.app_key} />
                  <ClearSbomsButton graph={graph} target={{ appKey: application.data.app_key }} builds={application.data.builds.length} />
                </>
              )
            }
          />
          <Tabs
            label={`Application ${application.data.app_key}`}
            tabs={tabs.map((tab) => ({ ...tab, render: () => tab.render({ graph, application: application.data, platformView }) }))}
            selected={params.get('tab') ?? tabs[0]?.id ?? ''}
            onSelect={(tab) => change({ tab })}
          />
        </Stack>
      )}
    </ScreenFrame>
  );
};
