// Security Posture's table: one row per app with its latest build and its findings by severity,
// sortable by every figure; the app opens with a click on its row or its link, and the actions
// the user may take sit at the end of the row.
import { Button, chakra, HStack, Link as ChakraLink, Text } from '@chakra-ui/react';
import { Link, useNavigate } from 'react-router';
import { BuildStatusBadge, severityLabel } from '../../../components/labels';
import { nextSort, type SortState, type VirtualColumn, VirtualTable } from '@portal/shared/screens';
import { formatDate, plural } from '../../../lib/format';
import { applicationPath } from '../../../lib/graph';
import type { ApplicationSummary, Severity } from '../../../lib/types';
import { DESCENDING_FIRST, type ApplicationColumn } from './applicationOrder';
import { TwoLineCell } from '../../../components/TwoLineCell';

const SEVERITY_COLOR: Partial<Record<Severity, string>> = { CRITICAL: 'red.700', HIGH: 'orange.700', MEDIUM: 'yellow.700', LOW: 'blue.600' };

function SeverityCount({ app, severity }: { app: ApplicationSummary; severity: Severity }) {
  const count = app.vulnerabilities[severity];
  return (
    <Text as="span" fontWeight={count > 0 ? 'bold' : 'normal'} color={count > 0 ? SEVERITY_COLOR[severity] : 'fg.muted'} aria-label={`${severityLabel(severity)}: ${count}`}>
      {count}
    </Text>
  );
}

export interface ApplicationActions<T> {
  onEdit?: (app: T) => void;
  onSettings?: (app: T) => void;
  onDelete?: (app: T) => void;
}

export interface ApplicationsTableProps<T extends ApplicationSummary> extends ApplicationActions<T> {
  applications: readonly T[];
  order: SortState<ApplicationColumn>;
  onOrder: (order: SortState<ApplicationColumn>) => void;
  /** Platform View: a Process column, and links that name the app's process. */
  platformView: boolean;
  total: number;
}

export function ApplicationsTable<T extends ApplicationSummary>({ applications, order, onOrder, platformView, total, onEdit, onSettings, onDelete }: ApplicationsTableProps<T>) {
  const navigate = useNavigate();
  const pathOf = (app: T) => applicationPath(app.app_key, platformView ? { process: app.process } : {});
  const hasActions = Boolean(onEdit || onSettings || onDelete);
  const columns: VirtualColumn<T, ApplicationColumn | 'actions'>[] = [
    {
      id: 'name',
      header: 'Application',
      width: 'minmax(200px, 2fr)',
      sortable: true,
      cell: (app) => (
        <TwoLineCell
          main={
            <ChakraLink asChild colorPalette="blue" fontWeight="semibold" display="block" truncate>
              <Link to={pathOf(app)}>{app.name}</Link>
            </ChakraLink>
          }
          detail={app.app_key}
        />
      ),
    },
    { id: 'portfolio', header: 'Portfolio', width: 'minmax(110px, 1fr)', sortable: true, cell: (app) => <Text truncate>{app.portfolio ?? '—'}</Text> },
    ...(platformView
      ? [{ id: 'process' as const, header: 'Process', width: '120px', sortable: true, cell: (app: T) => <Text truncate>{app.process}</Text> }]
      : []),
    {
      id: 'build',
      header: 'Latest build',
      width: '150px',
      sortable: true,
      cell: (app) =>
        app.latest_build ? (
          <HStack gap={1.5} minW={0}>
            <Text as="span" whiteSpace="nowrap">
              #{app.latest_build.number} · {formatDate(app.latest_build.created_at)}
            </Text>
            {app.latest_build.status !== 'DONE' && <BuildStatusBadge status={app.latest_build.status} />}
          </HStack>
        ) : (
          <Text color="fg.muted">No SBOM yet</Text>
        ),
    },
    ...(['CRITICAL', 'HIGH', 'MEDIUM', 'LOW'] as const).map((severity) => ({
      id: severity,
      header: severityLabel(severity),
      width: '60px',
      sortable: true,
      cell: (app: T) => <SeverityCount app={app} severity={severity} />,
    })),
    { id: 'total', header: 'Total', width: '56px', sortable: true, cell: (app) => <Text fontWeight="semibold">{app.vulnerabilities.total}</Text> },
    {
      id: 'monitoring',
      header: 'Monitoring',
      width: '84px',
      sortable: true,
      cell: (app) => (
        <chakra.span color={app.enable_continuous_monitoring ? 'green.700' : 'fg.muted'}>{app.enable_continuous_monitoring ? 'On' : 'Off'}</chakra.span>
      ),
    },
  ];
  if (hasActions) {
    columns.push({
      id: 'actions',
      header: 'Actions',
      width: '190px',
      cell: (app) => (
        <HStack gap={1}>
          {onEdit && (
            <Button size="xs" variant="outline" aria-label={`Edit ${app.app_key}`} onClick={() => onEdit(app)}>
              Edit
            </Button>
          )}
          {onSettings && (
            <Button size="xs" variant="outline" aria-label={`Settings of ${app.app_key}`} onClick={() => onSettings(app)}>
              Settings
            </Button>
          )}
          {onDelete && (
            <Button size="xs" variant="outline" colorPalette="red" aria-label={`Delete ${app.app_key}`} onClick={() => onDelete(app)}>
              Delete
            </Button>
          )}
        </HStack>
      ),
    });
  }
  return (
    <VirtualTable
      label="Applications"
      columns={columns}
      rows={applications}
      rowKey={(app) => app.id}
      rowHeight={56}
      sort={order}
      onSort={(column) => column !== 'actions' && onOrder(nextSort(order, column, DESCENDING_FIRST.has(column) ? 'desc' : 'asc'))}
      onOpen={(app) => navigate(pathOf(app))}
      footer={applications.length === total ? plural(total, 'application') : `${applications.length} of ${plural(total, 'application')}`}
      testId="applications-scroll"
    />
  );
}
