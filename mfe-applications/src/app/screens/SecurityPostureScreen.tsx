// /applications "Security Posture": the applications with their vulnerabilities, the searches
// over every app's latest build, the license overview, and (for those who may import) the way to
// the vulnerability database behind them.
import { Stack } from '@chakra-ui/react';
import { ScreenFrame, type ScreenComponent } from '@portal/shared';
import { Empty } from '../../components/QueryStates';
import { VulnerabilityDatabaseLink } from '../../features/advisories/components/AdvisoriesSection';
import { useApplications } from '../../features/applications/api/getApplications';
import { ApplicationsOverview } from '../../features/applications/components/ApplicationsOverview';
import { ClearSbomsButton } from '../../features/builds/components/ClearSbomsButton';
import { LicenseOverview } from '../../features/licenses/components/LicenseOverview';
import { PortfolioSearch } from '../../features/search/components/PortfolioSearch';
import { useWorkingScope } from '../../lib/graph';

export const SecurityPostureScreen: ScreenComponent = ({ route }) => {
  const { graph, platformView } = useWorkingScope();
  // The overview's own query (one request): whether there is any build to clear.
  const applications = useApplications(platformView ? undefined : graph);
  const builds = applications.data?.reduce((sum, app) => sum + app.build_count, 0);
  return (
    <ScreenFrame route={route}>
      {graph === undefined && !platformView ? (
        <Empty title="No process selected" description="Choose a process to see its applications." />
      ) : (
        <Stack gap={8}>
          <ApplicationsOverview
            graph={graph}
            platformView={platformView}
            actions={graph !== undefined && !platformView && <ClearSbomsButton graph={graph} target={{ all: true }} builds={builds} />}
          />
          <PortfolioSearch scope={platformView ? undefined : graph} platformView={platformView} />
          {graph !== undefined && !platformView && <LicenseOverview graph={graph} />}
          <VulnerabilityDatabaseLink />
        </Stack>
      )}
    </ScreenFrame>
  );
};
