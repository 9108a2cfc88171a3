// The cloud screens (issue 24 item 5): /security/aws (Security Hub findings by account, region,
// standard and control; the side navigation's entry of an AWS module opens it with ?module=),
// /security/azure and /security/defender (Defender for Cloud alerts and recommendations by
// subscription and service, with the secure score of the last sync), /security/clouds (posture per
// provider, account and service from Prowler, Security Hub and Defender alike). Each shows its
// cloud modules with their last sync and a Sync now into the process, then the groups and the list.
import { Box, Button, HStack, Stack, Text } from '@chakra-ui/react';
import { DATE_LOCALE, Empty, ErrorAlert, formatDate, ScreenFrame, usePermitted, type ScreenComponent, type ServiceModuleView } from '@portal/shared';
import type { CloudProvider, FindingCategory } from '@portal/shared/operations';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { useCurrentGraph } from '../../../lib/graph';
import { plural } from '../../../lib/labels';
import { OPERATIONS_PERMISSIONS as P } from '../../../lib/permissions';
import { useCloudModules, useSyncCloudModule, type CloudModuleType } from '../api/cloudModules';
import type { GroupDimension } from './FindingGroups';
import { FindingsList } from './FindingsList';

export const CLOUD_CATEGORIES: readonly FindingCategory[] = ['cloud-posture', 'cloud-threat', 'container'];

const dateTime = (iso: string) => {
  const time = new Date(iso);
  return `${formatDate(time)} ${time.toLocaleTimeString(DATE_LOCALE, { hour: '2-digit', minute: '2-digit' })}`;
};

/** One module: its name and category, its last sync or the cause of its failed attempt, its secure score, Sync now. */
function CloudModuleRow({ graph, module, current }: { graph: string; module: ServiceModuleView; current: boolean }) {
  const mayUpdate = usePermitted(P.UPDATE_SERVICE_MODULE);
  const sync = useSyncCloudModule(graph);
  const attempt = module.last_sync_attempt ?? null;
  const score = attempt?.status === 'ok' ? attempt.secure_score : null;
  return (
    <Box as="li" listStyleType="none" borderWidth="1px" borderRadius="md" p={3} borderColor={current ? 'brand.solid' : undefined} aria-current={current || undefined}>
      <HStack justify="space-between" align="flex-start" gap={3} flexWrap="wrap">
        <Stack gap={0.5}>
          <Text fontWeight="semibold">
            {module.name}
            {module.category ? (
              <Text as="span" fontWeight="normal" color="fg.muted">
                {` · ${module.category}`}
              </Text>
            ) : null}
          </Text>
          <Text fontSize="sm">{module.last_sync ? `Last sync: ${dateTime(module.last_sync.sync_time)}` : 'Never synced'}</Text>
          {attempt?.status === 'failed' && (
            <Text fontSize="sm" color="fg.error">
              Last sync failed at {dateTime(attempt.at)}: {attempt.message ?? 'no cause given.'}
            </Text>
          )}
          {attempt?.status === 'ok' && (
            <Text fontSize="sm" color="fg.muted">
              {plural(attempt.findings ?? 0, 'finding')} from {plural(attempt.scopes.length, 'scope')}
            </Text>
          )}
          {score && <Text fontSize="sm">Secure score {Math.round(score.percentage * 100)}% ({score.current} of {score.max})</Text>}
        </Stack>
        {mayUpdate && (
          <Button size="sm" variant="outline" aria-label={`Sync ${module.name} now`} loading={sync.isPending} loadingText="Syncing…" onClick={() => sync.mutate(module.id)}>
            Sync now
          </Button>
        )}
      </HStack>
      {sync.error ? <ErrorAlert error={sync.error} title={`The sync of ${module.name} failed`} /> : null}
      {sync.data && !sync.isPending ? (
        <Text fontSize="sm" role="status" mt={1}>
          Synced {module.name}: {plural(sync.data.findings ?? 0, 'finding')} from {plural(sync.data.scopes.length, 'scope')}.
        </Text>
      ) : null}
    </Box>
  );
}

/** The cloud's modules (the one of ?module= first and marked), or why none show. */
function CloudModules({ graph, type }: { graph: string; type: CloudModuleType }) {
  const [params] = useSearchParams();
  const chosen = params.get('module');
  const modules = useCloudModules(type);
  const [showAll, setShowAll] = useState(false);
  if (!modules.mayList || modules.isPending) return null;
  if (modules.error) return <ErrorAlert error={modules.error} onRetry={() => void modules.refetch()} />;
  const all = [...(modules.data ?? [])].sort((a, b) => Number(b.id === chosen) - Number(a.id === chosen) || a.name.localeCompare(b.name));
  const provider = type === 'aws' ? 'AWS' : 'Azure';
  if (all.length === 0) {
    return <Text color="fg.muted">{`No ${provider} service module is set up: add one under Administration › Service Modules to sync its findings.`}</Text>;
  }
  const shown = showAll || !chosen ? all : all.filter((module) => module.id === chosen);
  return (
    <Stack as="section" aria-label={`${provider} modules`} gap={2}>
      <Stack as="ul" gap={2}>
        {shown.map((module) => (
          <CloudModuleRow key={module.id} graph={graph} module={module} current={module.id === chosen} />
        ))}
      </Stack>
      {shown.length < all.length && (
        <Box>
          <Button size="xs" variant="ghost" onClick={() => setShowAll(true)}>
            {`Show every ${provider} module (${all.length})`}
          </Button>
        </Box>
      )}
    </Stack>
  );
}

interface CloudScreenOptions {
  label: string;
  searchHint: string;
  provider: readonly CloudProvider[];
  groups: readonly GroupDimension[];
  categories: readonly FindingCategory[];
  modules: readonly CloudModuleType[];
}

function cloudScreen({ label, searchHint, provider, groups, categories, modules }: CloudScreenOptions): ScreenComponent {
  const Screen: ScreenComponent = ({ route }) => {
    const graph = useCurrentGraph();
    return (
      <ScreenFrame route={route}>
        {graph === '' ? (
          <Empty title="No process selected" description="Choose a process to see its cloud findings." />
        ) : (
          <Stack gap={4}>
            {modules.map((type) => (
              <CloudModules key={type} graph={graph} type={type} />
            ))}
            <FindingsList graph={graph} categories={categories} label={label} searchHint={searchHint} provider={provider} groups={groups} />
          </Stack>
        )}
      </ScreenFrame>
    );
  };
  return Screen;
}

export const AwsScreen = cloudScreen({
  label: 'AWS findings',
  searchHint: 'Control, resource or title',
  provider: ['aws'],
  categories: CLOUD_CATEGORIES,
  modules: ['aws'],
  groups: [
    { by: 'account', label: 'Account' },
    { by: 'region', label: 'Region' },
    { by: 'standard', label: 'Standard' },
    { by: 'rule', label: 'Control' },
  ],
});

/** /security/azure and the legacy /security/defender: Defender for Cloud's alerts (threats) and recommendations (posture). */
export const AzureScreen = cloudScreen({
  label: 'Azure findings',
  searchHint: 'Recommendation, resource or title',
  provider: ['azure'],
  categories: ['cloud-threat', 'cloud-posture'],
  modules: ['azure'],
  groups: [
    { by: 'account', label: 'Subscription' },
    { by: 'service', label: 'Service' },
    { by: 'rule', label: 'Recommendation' },
  ],
});

export const CloudsScreen = cloudScreen({
  label: 'Cloud findings',
  searchHint: 'Check, resource or title',
  provider: ['aws', 'azure', 'gcp', 'other'],
  categories: CLOUD_CATEGORIES,
  modules: ['aws', 'azure'],
  groups: [
    { by: 'provider', label: 'Provider' },
    { by: 'account', label: 'Account' },
    { by: 'service', label: 'Service' },
    { by: 'rule', label: 'Check' },
  ],
});
