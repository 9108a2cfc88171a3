// A profile's runtime BOM: asked for at once and again every 15 s while it is computed (spec 9),
// then what runs (with its findings) and what is left out and why; exported as CycloneDX and
// shared by link for those who may.
import { Box, Button, Heading, HStack, Spinner, Stack, Text } from '@chakra-ui/react';
import { DATE_LOCALE, DEPLOYMENT_CONFIG_POLL_MS, showSnackbar, usePermitted, type DeploymentConfiguration, type DeploymentProfileView } from '@portal/shared';
import { useState } from 'react';
import { ErrorAlert, Loading } from '../../../components/QueryStates';
import { SeverityCountsView } from '../../../components/labels';
import { formatDateTime, plural } from '../../../lib/format';
import { problemText } from '../../../lib/problemText';
import type { SeverityCounts } from '../../../lib/types';
import { useDeploymentConfiguration } from '../api/getDeploymentConfiguration';
import { useExportRbom } from '../api/exportRbom';
import { PROFILE_PERMISSIONS } from '../permissions';
import { environmentLabel } from './ProfileFormDialog';
import { ExcludedTable, RbomComponentsTable } from './RbomTables';
import { ShareDialog } from './ShareDialog';
import { SharesList } from './SharesList';

function Pending({ configuration, onCheck, checking }: { configuration: DeploymentConfiguration; onCheck: () => void; checking: boolean }) {
  return (
    <Stack gap={2} role="status" aria-live="polite" data-testid="rbom-pending">
      <HStack gap={3}>
        <Spinner size="sm" />
        <Text>{configuration.message ?? 'Computing the runtime BOM…'}</Text>
      </HStack>
      <HStack gap={3}>
        <Text fontSize="xs" color="fg.muted">
          Checked again every {DEPLOYMENT_CONFIG_POLL_MS / 1000} s{configuration.requested_at ? ` since ${formatDateTime(configuration.requested_at)}` : ''}.
        </Text>
        <Button size="xs" variant="outline" onClick={onCheck} loading={checking}>
          Check now
        </Button>
      </HStack>
    </Stack>
  );
}

function Ready({ graph, appKey, profile, configuration }: { graph: string; appKey: string; profile: DeploymentProfileView; configuration: DeploymentConfiguration }) {
  const canExport = usePermitted(PROFILE_PERMISSIONS.EXPORT_RBOM);
  const canShare = usePermitted(PROFILE_PERMISSIONS.SHARE_RBOM);
  const exporting = useExportRbom(graph, appKey);
  const [sharing, setSharing] = useState(false);
  const summary = configuration.summary!;
  const total = summary.components + summary.excluded;
  return (
    <Stack gap={4}>
      <HStack justify="space-between" align="start" flexWrap="wrap" gap={3}>
        <Stack gap={1}>
          <Text data-testid="rbom-summary">
            {plural(summary.components, 'component')} of {total.toLocaleString(DATE_LOCALE)} run
            {configuration.build ? ` (build ${configuration.build.number})` : ''}; {plural(summary.excluded, 'component')} left out.
          </Text>
          <SeverityCountsView counts={summary.vulnerabilities as SeverityCounts} label="Vulnerabilities of the runtime BOM" />
          {configuration.computed_at && (
            <Text fontSize="xs" color="fg.muted">
              Computed {formatDateTime(configuration.computed_at)}.
            </Text>
          )}
        </Stack>
        <HStack gap={2}>
          {canExport && (
            <Button
              size="sm"
              loading={exporting.isPending}
              onClick={() =>
                exporting.mutate(profile.id, {
                  onSuccess: (name) => showSnackbar(`Exported ${name}.`, 'success'),
                  onError: (error) => showSnackbar(`The RBOM could not be exported: ${problemText(error)}`, 'error'),
                })
              }
            >
              Export CycloneDX
            </Button>
          )}
          {canShare && (
            <Button size="sm" variant="outline" onClick={() => setSharing(true)}>
              Share
            </Button>
          )}
        </HStack>
      </HStack>
      <RbomComponentsTable components={configuration.components ?? []} />
      <ExcludedTable excluded={configuration.excluded ?? []} />
      {canShare && <SharesList graph={graph} appKey={appKey} profileId={profile.id} />}
      {sharing && <ShareDialog graph={graph} appKey={appKey} profile={profile} onClose={() => setSharing(false)} />}
    </Stack>
  );
}

export function RbomPanel({ graph, appKey, profile, onClose }: { graph: string; appKey: string; profile: DeploymentProfileView; onClose: () => void }) {
  const configuration = useDeploymentConfiguration(graph, appKey, profile.id);
  return (
    <Box as="section" aria-label={`Runtime BOM of ${profile.name}`} borderWidth="1px" borderRadius="md" p={4}>
      <HStack justify="space-between" mb={3}>
        <Heading as="h2" size="md">
          Runtime BOM — {profile.name} ({environmentLabel(profile.environment)})
        </Heading>
        <Button size="xs" variant="outline" onClick={onClose}>
          Close
        </Button>
      </HStack>
      {configuration.isPending ? (
        <Loading label="Asking for the runtime BOM…" />
      ) : configuration.error || !configuration.data ? (
        <ErrorAlert error={configuration.error} onRetry={() => void configuration.refetch()} />
      ) : configuration.data.status === 'PENDING' ? (
        <Pending configuration={configuration.data} onCheck={() => void configuration.refetch()} checking={configuration.isFetching} />
      ) : configuration.data.status === 'FAILED' ? (
        <ErrorAlert error={new Error(configuration.data.message ?? 'The RBOM could not be computed.')} />
      ) : (
        <Ready graph={graph} appKey={appKey} profile={profile} configuration={configuration.data} />
      )}
    </Box>
  );
}
