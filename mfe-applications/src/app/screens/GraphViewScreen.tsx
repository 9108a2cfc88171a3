// /applications/GraphView: choose an application and one of its processed builds (?app=&build=,
// the newest processed build by default), then explore its dependency graph (features/graph).
import { HStack, Stack, Text } from '@chakra-ui/react';
import { SelectField } from '@portal/shared/screens';
import { useEffect } from 'react';
import { Empty, ErrorAlert, Loading } from '../../components/QueryStates';
import { useApplications } from '../../features/applications/api/getApplications';
import { useApplication } from '../../features/builds/api/getApplication';
import { GraphExplorer } from '../../features/graph/components/GraphExplorer';
import { formatDateTime } from '../../lib/format';
import { usePageParams } from '../../lib/searchParams';
import { processScreen } from '../processScreen';

function Chooser({ graph }: { graph: string }) {
  const { params, change } = usePageParams();
  const appKey = params.get('app') ?? '';
  const buildId = params.get('build') ?? '';
  const applications = useApplications(graph);
  const application = useApplication(appKey ? graph : undefined, appKey);
  const processed = (application.data?.builds ?? []).filter((build) => build.status === 'DONE');

  // An app without a chosen build opens on its newest processed build.
  const newest = processed[0]?.id;
  useEffect(() => {
    if (appKey && !buildId && newest) change({ build: newest }, { replace: true });
  }, [appKey, buildId, newest, change]);

  if (applications.isPending) return <Loading label="Loading the applications…" />;
  if (applications.error || !applications.data) return <ErrorAlert error={applications.error} onRetry={() => void applications.refetch()} />;
  if (applications.data.length === 0) {
    return <Empty title="No applications yet" description="Create an application and upload its SBOM in Security Posture; its dependency graph shows here." />;
  }
  const buildKnown = processed.some((build) => build.id === buildId);
  return (
    <Stack gap={4}>
      <HStack gap={4} align="end" flexWrap="wrap">
        <Stack minW="14rem">
          <SelectField
            label="Application"
            size="sm"
            value={appKey}
            emptyOption="Choose an application"
            options={applications.data.map((app) => ({ value: app.app_key, label: `${app.name} (${app.app_key})` }))}
            onChange={(value) => change({ app: value, build: null, component: null })}
          />
        </Stack>
        {appKey && processed.length > 0 && (
          <Stack minW="14rem">
            <SelectField
              label="Build"
              size="sm"
              value={buildKnown ? buildId : ''}
              options={processed.map((build) => ({ value: build.id, label: `Build ${build.number} — ${formatDateTime(build.created_at)}` }))}
              onChange={(value) => change({ build: value, component: null })}
            />
          </Stack>
        )}
      </HStack>
      {!appKey ? (
        <Empty title="Choose an application" description="Its newest processed build's dependency graph is shown; another build can be chosen." />
      ) : application.isPending ? (
        <Loading label="Loading the application's builds…" />
      ) : application.error ? (
        <ErrorAlert error={application.error} onRetry={() => void application.refetch()} />
      ) : processed.length === 0 ? (
        <Empty title="No processed build" description="Upload an SBOM on the application's page; its graph shows here once it is processed." />
      ) : !buildKnown ? (
        buildId ? <Text role="alert">Build {buildId} is not a processed build of {appKey}: choose one above.</Text> : <Loading label="Opening the newest build…" />
      ) : (
        <GraphExplorer
          key={`${appKey}/${buildId}`}
          graph={graph}
          appKey={appKey}
          buildId={buildId}
          chosen={params.get('component')}
          onChoose={(component) => change({ component })}
        />
      )}
    </Stack>
  );
}

export const GraphViewScreen = processScreen('The graph view shows the applications of one process: choose a process first.', Chooser);
