// The Builds tab of an app: upload a new SBOM, the app's builds, and the chosen build (?build=,
// by default the newest processed one) with its views.
import { Stack, Text } from '@chakra-ui/react';
import { usePermitted } from '@portal/shared';
import { Empty } from '../../components/QueryStates';
import { BuildsTable } from '../../features/builds/components/BuildsTable';
import { SbomUpload } from '../../features/builds/components/SbomUpload';
import { APPLICATION_PERMISSIONS } from '../../lib/permissions';
import { usePageParams } from '../../lib/searchParams';
import type { ApplicationTabContext } from '../applicationTabs';
import { BuildView } from './BuildView';

export function BuildsSection({ graph, application, platformView }: ApplicationTabContext) {
  const mayUpload = usePermitted(APPLICATION_PERMISSIONS.INGEST_SBOM) && !platformView;
  const { params, link, change } = usePageParams();
  const builds = application.builds;
  const chosen = params.get('build');
  const selected = builds.find((build) => build.id === chosen) ?? builds.find((build) => build.status === 'DONE') ?? builds[0];
  const buildPath = (buildId: string) => link({ build: buildId, view: null, vuln: null, ref: null, component: null });
  return (
    <Stack gap={6}>
      {mayUpload && <SbomUpload graph={graph} appKey={application.app_key} buildPath={buildPath} />}
      {builds.length === 0 ? (
        <Empty
          title="No builds yet"
          description={
            mayUpload ? 'Upload the SBOM of a release above, or let a pipeline send it with a CI/CD ingestion module’s API key.' : 'Builds appear here once an SBOM is uploaded.'
          }
        />
      ) : (
        <>
          <BuildsTable builds={builds} selectedId={selected?.id} buildPath={buildPath} onOpen={(build) => change({ build: build.id, view: null, vuln: null, ref: null, component: null })} />
          {selected ? <BuildView key={selected.id} graph={graph} appKey={application.app_key} buildId={selected.id} /> : <Text>Choose a build.</Text>}
        </>
      )}
    </Stack>
  );
}
