// One build of the app page: its status (followed while it is processed), then its views as tabs
// (?view=), and the vulnerability a view opened (?vuln=&ref=) in a dialog above them.
import { Box, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { isPermitted, usePermitted } from '@portal/shared';
import { ProgressBar, Tabs } from '@portal/shared/screens';
import { BuildStatusBadge } from '../../components/labels';
import { ErrorAlert, QueryView } from '../../components/QueryStates';
import { useBuild } from '../../features/builds/api/getBuild';
import { VulnerabilityDialog } from '../../features/findings/components/VulnerabilityDialog';
import { formatDateTime, plural } from '../../lib/format';
import { usePageParams } from '../../lib/searchParams';
import { BUILD_VIEWS } from '../buildViews';

export interface BuildViewProps {
  graph: string;
  appKey: string;
  buildId: string;
}

export function BuildView({ graph, appKey, buildId }: BuildViewProps) {
  const build = useBuild(graph, appKey, buildId);
  const { params, change } = usePageParams();
  // Re-evaluated when the checker changes (usePermitted subscribes); the list itself is static.
  usePermitted('view=>Application');
  const views = BUILD_VIEWS.filter((view) => view.permission === undefined || isPermitted(view.permission));
  return (
    <QueryView query={build} loading="Loading the build…">
      {(detail) => (
        <Stack gap={4} as="section" aria-label={`Build #${detail.number}`}>
          <HStack gap={3} flexWrap="wrap">
            <Heading as="h2" size="md">
              Build #{detail.number}
            </Heading>
            <BuildStatusBadge status={detail.status} />
            <Text fontSize="sm" color="fg.muted">
              {detail.format} {detail.spec_version} · uploaded {formatDateTime(detail.created_at)}
              {detail.status === 'DONE' ? ` · ${plural(detail.component_count, 'component')} · ${plural(detail.vulnerability_count, 'vulnerability', 'vulnerabilities')}` : ''}
            </Text>
          </HStack>
          {detail.status === 'PENDING' || detail.status === 'PROCESSING' ? (
            <Box maxW="32rem">
              <Text fontSize="sm" mb={2}>
                {detail.status === 'PENDING' ? 'Waiting to be processed…' : 'Building the component tree and matching components against advisories…'}
              </Text>
              <ProgressBar label="Processing progress" valueText={detail.status} />
            </Box>
          ) : detail.status === 'FAILED' ? (
            <ErrorAlert error={new Error(detail.error ?? 'The SBOM could not be processed.')} title={`Build #${detail.number} failed`} />
          ) : (
            <>
              <Tabs label={`Build #${detail.number}`} tabs={views.map((view) => ({ ...view, render: () => view.render({ graph, appKey, buildId, build: detail }) }))} selected={params.get('view') ?? views[0]?.id ?? ''} onSelect={(view) => change({ view })} />
              <VulnerabilityDialog graph={graph} appKey={appKey} buildId={buildId} />
            </>
          )}
        </Stack>
      )}
    </QueryView>
  );
}
