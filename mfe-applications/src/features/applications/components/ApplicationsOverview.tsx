// Security Posture (issue 7 item 1): the process's applications with their findings by severity,
// searched and sorted here; create, edit, settings and delete for those who may. In Platform
// View the apps of every process are listed, read-only (spec 4.5: Platform View disables some
// actions; an app is changed in its own process).
import { Box, Button, HStack, Stack, Text } from '@chakra-ui/react';
import { usePermitted } from '@portal/shared';
import { useMemo, useState, type ReactNode } from 'react';
import { SearchInput } from '../../../components/filters';
import { Empty, ErrorAlert, Loading } from '../../../components/QueryStates';
import { SeverityCountsView } from '../../../components/labels';
import { type SortState } from '@portal/shared/screens';
import { plural } from '../../../lib/format';
import { APPLICATION_PERMISSIONS } from '../../../lib/permissions';
import { SEVERITIES, type ApplicationSummary, type SeverityCounts } from '../../../lib/types';
import { useApplications } from '../api/getApplications';
import { usePlatformApplications } from '../api/getPlatformApplications';
import { ApplicationFormDialog } from './ApplicationFormDialog';
import { ApplicationSettingsDialog } from './ApplicationSettingsDialog';
import { ApplicationsTable } from './ApplicationsTable';
import { DEFAULT_ORDER, matchesSearch, orderApplications, type ApplicationColumn } from './applicationOrder';
import { DeleteApplicationDialog } from './DeleteApplicationDialog';

const P = APPLICATION_PERMISSIONS;
/** One empty list for every render before the first answer, so the memos below hold. */
const NO_APPLICATIONS: readonly ApplicationSummary[] = [];

function sumOf(apps: readonly ApplicationSummary[]): SeverityCounts {
  const counts = Object.fromEntries([...SEVERITIES, 'total'].map((key) => [key, 0])) as SeverityCounts;
  for (const app of apps) for (const key of [...SEVERITIES, 'total'] as const) counts[key] += app.vulnerabilities[key] ?? 0;
  return counts;
}

export interface ApplicationsOverviewProps {
  /** The process; undefined in Platform View. */
  graph: string | undefined;
  platformView: boolean;
  /** More actions on the process's apps (clear SBOMs …), beside New application. */
  actions?: ReactNode;
}

export function ApplicationsOverview({ graph, platformView, actions }: ApplicationsOverviewProps) {
  const inProcess = useApplications(platformView ? undefined : graph);
  const everywhere = usePlatformApplications(platformView);
  const query = platformView ? everywhere : inProcess;
  const mayCreate = usePermitted(P.CREATE) && !platformView;
  const mayUpdate = usePermitted(P.UPDATE) && !platformView;
  const mayDelete = usePermitted(P.DELETE) && !platformView;
  const maySeeSettings = !platformView;
  const [search, setSearch] = useState('');
  const [order, setOrder] = useState<SortState<ApplicationColumn>>(DEFAULT_ORDER);
  const [creating, setCreating] = useState(false);
  const [editing, setEditing] = useState<ApplicationSummary | undefined>();
  const [settingsOf, setSettingsOf] = useState<ApplicationSummary | null>(null);
  const [deleting, setDeleting] = useState<ApplicationSummary | null>(null);

  const closeForm = () => {
    setCreating(false);
    setEditing(undefined);
  };

  const apps: readonly ApplicationSummary[] = query.data ?? NO_APPLICATIONS;
  const shown = useMemo(() => orderApplications(apps.filter((app) => matchesSearch(app, search)), order), [apps, search, order]);
  const totals = useMemo(() => sumOf(apps), [apps]);

  if (query.isPending && (platformView || graph !== undefined)) return <Loading label="Loading applications…" reserve="15rem" />;
  if (query.error) return <ErrorAlert error={query.error} onRetry={() => void query.refetch()} />;

  return (
    <Stack gap={4}>
      <HStack justify="space-between" flexWrap="wrap" gap={3}>
        <Box>
          <SeverityCountsView counts={totals} label="Findings of all applications by severity" />
          <Text fontSize="xs" color="fg.muted" mt={1}>
            {plural(apps.length, 'application')}
            {platformView ? ' in every process you may open' : ''} · {plural(apps.filter((app) => app.vulnerabilities.total > 0).length, 'with findings', 'with findings')}
          </Text>
        </Box>
        <HStack gap={2}>
          <SearchInput label="Search applications" placeholder="Search by key, name or portfolio" value={search} onChange={setSearch} />
          {actions}
          {mayCreate && (
            <Button size="sm" colorPalette="blue" onClick={() => setCreating(true)}>
              New application
            </Button>
          )}
        </HStack>
      </HStack>
      {apps.length === 0 ? (
        <Empty
          title="No applications yet"
          description={
            platformView
              ? 'None of your processes has an application.'
              : mayCreate
                ? 'Create the first application with New application, then upload its SBOM to see its vulnerabilities.'
                : 'Applications of this process will be listed here with their vulnerabilities.'
          }
        />
      ) : shown.length === 0 ? (
        <Empty title={`No application matches “${search.trim()}”`} description="Search looks at the app key, name, portfolio and process." />
      ) : (
        <ApplicationsTable
          applications={shown}
          total={apps.length}
          order={order}
          onOrder={setOrder}
          platformView={platformView}
          onEdit={mayUpdate ? setEditing : undefined}
          onSettings={maySeeSettings ? setSettingsOf : undefined}
          onDelete={mayDelete ? setDeleting : undefined}
        />
      )}
      {graph !== undefined && !platformView && (
        <>
          <ApplicationFormDialog graph={graph} open={creating || editing !== undefined} application={editing} onClose={closeForm} />
          <ApplicationSettingsDialog graph={graph} application={settingsOf} onClose={() => setSettingsOf(null)} />
          <DeleteApplicationDialog graph={graph} application={deleting} onClose={() => setDeleting(null)} />
        </>
      )}
    </Stack>
  );
}
