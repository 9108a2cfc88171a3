// /security: the process's open findings (open or confirmed) by category and severity — each row
// the totals of the list filtered to that category — those past their due date (the SLA), the
// trend over time, the top rules and resources, the newest findings, and links into the lists.
import { Box, chakra, Heading, HStack, Link as ChakraLink, Stack, Text } from '@chakra-ui/react';
import { Empty, ErrorAlert, Loading, ScreenFrame, usePermitted, type ScreenComponent } from '@portal/shared';
import { FINDING_SEVERITIES, type FindingCategory, type FindingSeverity, type FindingState, type ScopedSecurityFinding } from '@portal/shared/operations';
import { DataTable } from '@portal/shared/screens';
import { Link, useSearchParams } from 'react-router';
import { useCurrentGraph } from '../../../lib/graph';
import { CATEGORY_LABELS, locationText, plural, scopeText, SEVERITY_LABELS } from '../../../lib/labels';
import { OPERATIONS_PERMISSIONS as P } from '../../../lib/permissions';
import { useFindingCounts, useFindingsPage, type FindingsQuery } from '../api/getFindings';
import { FindingGroups } from './FindingGroups';
import { SeverityTag } from './SeverityTag';
import { SlaPanel } from './SlaPanel';
import { TrendChart } from './TrendChart';

const OPEN: readonly FindingState[] = ['open', 'confirmed'];

/** Where each category's findings are listed. */
export const CATEGORY_PATHS: Record<FindingCategory, string> = {
  sast: '/security/sast',
  secret: '/security/sast',
  iac: '/security/iac',
  container: '/security/iac',
  'cloud-posture': '/security/clouds',
  'cloud-threat': '/security/clouds',
};

const openOf = (category: FindingCategory): FindingsQuery => ({ category: [category], state: OPEN, sort: 'severity', order: 'desc', limit: 1 });

function CategoryRow({ graph, category }: { graph: string; category: FindingCategory }) {
  const page = useFindingCounts(graph, openOf(category));
  const cells = FINDING_SEVERITIES.map((severity) => (
    <chakra.td key={severity} px={3} py={2} textAlign="end">
      {page.data ? page.data.totals.severity[severity] : '…'}
    </chakra.td>
  ));
  return (
    <chakra.tr borderTopWidth="1px">
      <chakra.th scope="row" px={3} py={2} textAlign="start" fontWeight="medium">
        <ChakraLink asChild>
          <Link to={CATEGORY_PATHS[category]}>{CATEGORY_LABELS[category]}</Link>
        </ChakraLink>
      </chakra.th>
      {page.error ? (
        <chakra.td colSpan={FINDING_SEVERITIES.length + 1} px={3} py={2}>
          <ErrorAlert error={page.error} />
        </chakra.td>
      ) : (
        <>
          {cells}
          <chakra.td px={3} py={2} textAlign="end" fontWeight="semibold">
            {page.data?.total ?? '…'}
          </chakra.td>
        </>
      )}
    </chakra.tr>
  );
}

function OpenByCategory({ graph, categories }: { graph: string; categories: FindingCategory[] }) {
  return (
    <Box overflowX="auto" borderWidth="1px" borderRadius="md">
      <chakra.table width="full" fontSize="sm" borderCollapse="collapse">
        <chakra.caption textAlign="start" fontWeight="semibold" px={3} py={2}>
          Open findings by category and severity
        </chakra.caption>
        <chakra.thead bg="bg.muted">
          <chakra.tr>
            <chakra.th scope="col" px={3} py={2} textAlign="start">
              Category
            </chakra.th>
            {FINDING_SEVERITIES.map((severity) => (
              <chakra.th key={severity} scope="col" px={3} py={2} textAlign="end">
                {SEVERITY_LABELS[severity]}
              </chakra.th>
            ))}
            <chakra.th scope="col" px={3} py={2} textAlign="end">
              Total
            </chakra.th>
          </chakra.tr>
        </chakra.thead>
        <chakra.tbody>
          {categories.map((category) => (
            <CategoryRow key={category} graph={graph} category={category} />
          ))}
        </chakra.tbody>
      </chakra.table>
    </Box>
  );
}

/** The open findings past their due date, per severity, with a link into each list's overdue ones. */
function SlaBreaches({ graph, categories }: { graph: string; categories: FindingCategory[] }) {
  const page = useFindingCounts(graph, { category: categories, state: OPEN, overdue: true, sort: 'severity', order: 'asc' });
  const lists = [...new Set(categories.map((category) => CATEGORY_PATHS[category]))];
  return (
    <Stack as="section" aria-label="SLA breaches" gap={2} borderWidth="1px" borderRadius="md" p={3} flex="1" minW="16rem">
      <Text fontWeight="semibold">Past their due date</Text>
      {page.isPending ? (
        <Loading label="Loading the SLA breaches…" />
      ) : page.error ? (
        <ErrorAlert error={page.error} onRetry={() => void page.refetch()} />
      ) : (
        <>
          <Text fontSize="2xl" fontWeight="bold" color={(page.data.total ?? 0) > 0 ? 'fg.error' : undefined}>
            {!page.data.total ? 'None' : plural(page.data.total, 'finding')}
          </Text>
          <Text fontSize="sm">
            {FINDING_SEVERITIES.filter((severity) => (page.data.totals?.severity[severity] ?? 0) > 0)
              .map((severity) => `${SEVERITY_LABELS[severity]} ${page.data.totals?.severity[severity] ?? 0}`)
              .join(' · ')}
          </Text>
          {(page.data.total ?? 0) > 0 && (
            <HStack gap={3} flexWrap="wrap" fontSize="sm">
              {lists.map((path) => (
                <ChakraLink asChild key={path}>
                  <Link to={`${path}?overdue=true`}>{`Overdue in ${LIST_LABELS[path] ?? path}`}</Link>
                </ChakraLink>
              ))}
            </HStack>
          )}
        </>
      )}
    </Stack>
  );
}

const LIST_LABELS: Record<string, string> = { '/security/sast': 'code', '/security/iac': 'IaC and containers', '/security/clouds': 'clouds' };

const NEWEST: FindingsQuery = { category: [], sort: 'first_seen', order: 'desc', limit: 10 };

function Newest({ graph }: { graph: string }) {
  const page = useFindingsPage(graph, NEWEST);
  if (page.isPending) return <Loading label="Loading the newest findings…" />;
  if (page.error) return <ErrorAlert error={page.error} onRetry={() => void page.refetch()} />;
  if (page.data.items.length === 0) return <Empty title="No findings yet" description="Upload a scanner's results on the SAST or IaC screen, or send them from a pipeline." />;
  return (
    <DataTable<ScopedSecurityFinding>
      caption="Newest findings"
      captionHidden
      rows={page.data.items}
      rowKey={(finding) => finding.id}
      columns={[
        { header: 'Severity', cell: (finding) => <SeverityTag severity={finding.severity} /> },
        {
          header: 'Finding',
          rowHeader: true,
          cell: (finding) => (
            <ChakraLink asChild>
              <Link to={`${CATEGORY_PATHS[finding.category]}?finding=${encodeURIComponent(finding.id)}`}>{finding.title}</Link>
            </ChakraLink>
          ),
        },
        { header: 'Category', cell: (finding) => CATEGORY_LABELS[finding.category] },
        { header: 'Location', cell: (finding) => <Text wordBreak="break-all">{locationText(finding)}</Text> },
        { header: 'First seen', cell: (finding) => finding.firstSeen.slice(0, 10) },
      ]}
    />
  );
}

/** A notification's link (`?scope=app:shop&severity=critical`) leads into the lists of that scope. */
function ScopeLinks({ code, iac }: { code: boolean; iac: boolean }) {
  const [params] = useSearchParams();
  const scope = params.get('scope');
  if (!scope) return null;
  const severity = params.get('severity');
  const query = `?${new URLSearchParams({ scope, ...(severity ? { severity } : {}) }).toString()}`;
  const what = `${severity ? `${SEVERITY_LABELS[severity as FindingSeverity] ?? severity} findings` : 'Findings'} of ${scopeText(scope)}`;
  return (
    <Stack as="nav" aria-label="Findings of the scope" gap={1} borderWidth="1px" borderRadius="md" p={3}>
      <Text fontWeight="semibold">{what}</Text>
      {code && (
        <ChakraLink asChild>
          <Link to={`/security/sast${query}`}>Code and secret findings</Link>
        </ChakraLink>
      )}
      {iac && (
        <ChakraLink asChild>
          <Link to={`/security/iac${query}`}>IaC and container findings</Link>
        </ChakraLink>
      )}
    </Stack>
  );
}

export const OverviewScreen: ScreenComponent = ({ route }) => {
  const graph = useCurrentGraph();
  const code = usePermitted(P.CODE_FINDINGS);
  const iac = usePermitted(P.IAC_FINDINGS);
  const cloud = usePermitted({ any: [P.VIEW_AWS, P.VIEW_AZURE] });
  const metrics = usePermitted(P.VIEW_METRICS);
  const alarms = usePermitted(P.LIST_ALARM);
  const categories: FindingCategory[] = [...(code ? (['sast', 'secret'] as const) : []), ...(iac ? (['iac', 'container'] as const) : []), ...(cloud ? (['cloud-posture', 'cloud-threat'] as const) : [])];
  return (
    <ScreenFrame route={route}>
      {graph === '' ? (
        <Empty title="No process selected" description="Choose a process to see its findings." />
      ) : categories.length === 0 ? (
        <Text>Your role shows none of the findings' categories.</Text>
      ) : (
        <Stack gap={6}>
          <ScopeLinks code={code} iac={iac} />
          <OpenByCategory graph={graph} categories={categories} />
          <HStack align="stretch" gap={3} flexWrap="wrap">
            <SlaBreaches graph={graph} categories={categories} />
            <SlaPanel graph={graph} />
          </HStack>
          <TrendChart graph={graph} query={{ category: categories, sort: 'severity', order: 'asc' }} />
          <FindingGroups
            graph={graph}
            label="Top rules and resources"
            interactive={false}
            query={{ category: categories, state: OPEN, sort: 'severity', order: 'asc' }}
            dimensions={[
              { by: 'rule', label: 'Rule' },
              { by: 'resource', label: 'Resource' },
            ]}
          />
          <Stack gap={2}>
            <Heading as="h2" size="md">
              Newest findings
            </Heading>
            <Newest graph={graph} />
          </Stack>
          <Stack as="nav" aria-label="Findings lists" gap={1}>
            {code && (
              <ChakraLink asChild>
                <Link to="/security/sast">Code and secret findings</Link>
              </ChakraLink>
            )}
            {iac && (
              <ChakraLink asChild>
                <Link to="/security/iac">IaC and container findings</Link>
              </ChakraLink>
            )}
            {cloud && (
              <ChakraLink asChild>
                <Link to="/security/clouds">Cloud findings</Link>
              </ChakraLink>
            )}
            {metrics && (
              <ChakraLink asChild>
                <Link to="/metrics">Metrics and their history</Link>
              </ChakraLink>
            )}
            {alarms && (
              <ChakraLink asChild>
                <Link to="/alarms">Alarms</Link>
              </ChakraLink>
            )}
          </Stack>
        </Stack>
      )}
    </ScreenFrame>
  );
};
