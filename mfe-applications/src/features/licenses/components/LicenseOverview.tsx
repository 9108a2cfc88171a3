// Licenses across the process's apps (issue 7 item 9): per app, the categories of its latest
// processed build and its license risks; below, the license-risk alerts, newest first — a strong
// copyleft or unknown license a new build brought. Each part for those who may see it.
import { Box, Heading, Link as ChakraLink, Stack, Text } from '@chakra-ui/react';
import { usePermitted, type ApplicationLicenseSummary, type LicenseRiskAlert } from '@portal/shared';
import { Link } from 'react-router';
import { QueryView } from '../../../components/QueryStates';
import { SeverityBadge } from '../../../components/labels';
import { type VirtualColumn, VirtualTable } from '@portal/shared/screens';
import { formatDateTime, plural } from '../../../lib/format';
import { applicationPath } from '../../../lib/graph';
import { APPLICATION_PERMISSIONS } from '../../../lib/permissions';
import { useLicenseAlerts } from '../api/getLicenseAlerts';
import { useLicenseSummaries } from '../api/getLicenseSummaries';
import { CategoryBadge, CategoryCounts } from './LicenseCategory';

const P = APPLICATION_PERMISSIONS;

const SUMMARY_COLUMNS: VirtualColumn<ApplicationLicenseSummary>[] = [
  {
    id: 'app',
    header: 'Application',
    width: 'minmax(160px, 1fr)',
    cell: (app) => (
      <ChakraLink asChild colorPalette="blue" fontWeight="semibold">
        <Link to={applicationPath(app.app_key, { build: app.build?.id, view: 'licenses' })}>{app.name}</Link>
      </ChakraLink>
    ),
  },
  { id: 'build', header: 'Build', width: '80px', cell: (app) => (app.build ? `#${app.build.number}` : '—') },
  { id: 'categories', header: 'Components by category', width: 'minmax(360px, 2fr)', cell: (app) => <CategoryCounts counts={app.summary} label={`License categories of ${app.app_key}`} /> },
  { id: 'risks', header: 'Risks', width: '80px', cell: (app) => <Text fontWeight={app.risks > 0 ? 'bold' : 'normal'} color={app.risks > 0 ? 'red.700' : 'fg.muted'}>{app.risks}</Text> },
];

const ALERT_COLUMNS: VirtualColumn<LicenseRiskAlert>[] = [
  { id: 'when', header: 'Raised', width: '170px', cell: (alert) => formatDateTime(alert.created_at) },
  { id: 'severity', header: 'Severity', width: '100px', cell: (alert) => <SeverityBadge severity={alert.severity} /> },
  {
    id: 'component',
    header: 'Component',
    width: 'minmax(160px, 1fr)',
    cell: (alert) => (
      <Text truncate title={alert.component.purl ?? undefined}>
        {alert.component.name} {alert.component.version}
      </Text>
    ),
  },
  {
    id: 'license',
    header: 'License',
    width: 'minmax(180px, 1fr)',
    cell: (alert) => (
      <>
        <Text truncate>{alert.license}</Text>
        <CategoryBadge category={alert.category} />
      </>
    ),
  },
  {
    id: 'build',
    header: 'App and build',
    width: '150px',
    cell: (alert) => (
      <ChakraLink asChild colorPalette="blue">
        <Link to={applicationPath(alert.app_key, { build: alert.build.id, view: 'licenses' })}>
          {alert.app_key} #{alert.build.number}
        </Link>
      </ChakraLink>
    ),
  },
];

export function LicenseOverview({ graph }: { graph: string }) {
  const mayCheck = usePermitted(P.LICENSE_CHECK);
  const mayReceiveAlerts = usePermitted(P.LICENSE_RISK_ALERTS);
  const summaries = useLicenseSummaries(graph, mayCheck);
  const alerts = useLicenseAlerts(graph, mayReceiveAlerts);
  if (!mayCheck && !mayReceiveAlerts) return null;
  return (
    <Stack as="section" aria-labelledby="licenses-heading" gap={3}>
      <Heading as="h2" size="md" id="licenses-heading">
        Licenses
      </Heading>
      {mayCheck && (
        <QueryView query={summaries} loading="Loading the license summaries…">
          {(apps) =>
            apps.length === 0 ? (
              <Text fontSize="sm" color="fg.muted">
                No application has a processed build yet.
              </Text>
            ) : (
              <VirtualTable label="Licenses by application" columns={SUMMARY_COLUMNS} rows={apps} rowKey={(app) => app.app_key} rowHeight={48} maxHeight={320} />
            )
          }
        </QueryView>
      )}
      {mayReceiveAlerts && (
        <Box>
          <Heading as="h3" size="sm" mb={2}>
            License-risk alerts
          </Heading>
          <QueryView query={alerts} loading="Loading the license-risk alerts…">
            {(list) =>
              list.length === 0 ? (
                <Text fontSize="sm" color="fg.muted">
                  No license risk: no build brought a strong-copyleft or unknown license.
                </Text>
              ) : (
                <VirtualTable label="License-risk alerts" columns={ALERT_COLUMNS} rows={list} rowKey={(alert) => alert.id} rowHeight={48} maxHeight={360} footer={plural(list.length, 'alert')} />
              )
            }
          </QueryView>
        </Box>
      )}
    </Stack>
  );
}
