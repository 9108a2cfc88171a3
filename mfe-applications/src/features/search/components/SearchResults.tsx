// The hits of the three searches, each linking where the user goes next: the app's build, the
// component in its tree, the finding's vulnerability.
import { Link as ChakraLink, Text } from '@chakra-ui/react';
import { Link } from 'react-router';
import { ActiveExploitBadge, BuildStatusBadge, SeverityBadge } from '../../../components/labels';
import { type VirtualColumn, VirtualTable } from '@portal/shared/screens';
import { formatDate } from '../../../lib/format';
import { applicationPath } from '../../../lib/graph';
import type { BuildHit } from '../api/searchBuilds';
import type { ComponentHit, VulnerabilityHit } from '../api/searchFindings';
import type { InProcess } from '../api/searchScope';
import { TwoLineCell } from '../../../components/TwoLineCell';

/** The most hits a search answers (api/src/apps/search.ts SEARCH_LIMIT). */
export const SEARCH_LIMIT = 100;

const footer = (count: number) => (count >= SEARCH_LIMIT ? `The first ${SEARCH_LIMIT} hits; narrow the search to see others.` : `${count} hit${count === 1 ? '' : 's'}`);

interface ResultsProps<T> {
  hits: readonly InProcess<T>[];
  platformView: boolean;
}

function AppBuildLink({ hit, platformView, build, number, extra = {} }: { hit: { app_key: string; process: string }; platformView: boolean; build: string; number: number; extra?: { vuln?: string; ref?: string; view?: string } }) {
  return (
    <ChakraLink asChild colorPalette="blue">
      <Link to={applicationPath(hit.app_key, { process: platformView ? hit.process : undefined, build, ...extra })}>
        {hit.app_key} #{number}
      </Link>
    </ChakraLink>
  );
}

export function ComponentResults({ hits, platformView }: ResultsProps<ComponentHit>) {
  const columns: VirtualColumn<InProcess<ComponentHit>>[] = [
    {
      id: 'component',
      header: 'Component',
      width: 'minmax(200px, 1.5fr)',
      cell: (hit) => (
        <TwoLineCell
          main={
            <Text fontWeight="semibold" truncate>
              {[hit.group, hit.name].filter(Boolean).join('/')} {hit.version}
            </Text>
          }
          detail={hit.purl ?? hit.bom_ref}
        />
      ),
    },
    {
      id: 'build',
      header: 'App and build',
      width: 'minmax(160px, 1fr)',
      cell: (hit) => <AppBuildLink hit={hit} platformView={platformView} build={hit.build_id} number={hit.build_number} extra={{ view: 'components' }} />,
    },
    { id: 'vulnerabilities', header: 'Vulnerabilities', width: '120px', cell: (hit) => hit.vulnerability_count },
  ];
  return <VirtualTable label="Components found" columns={columns} rows={hits} rowKey={(hit) => `${hit.process}|${hit.build_id}|${hit.bom_ref}`} rowHeight={52} maxHeight={400} footer={footer(hits.length)} />;
}

export function VulnerabilityResults({ hits, platformView }: ResultsProps<VulnerabilityHit>) {
  const columns: VirtualColumn<InProcess<VulnerabilityHit>>[] = [
    {
      id: 'vulnerability',
      header: 'Vulnerability',
      width: 'minmax(200px, 1.4fr)',
      cell: (hit) => (
        <TwoLineCell
          main={
            <ChakraLink asChild colorPalette="blue" fontWeight="semibold">
              <Link to={applicationPath(hit.app_key, { process: platformView ? hit.process : undefined, build: hit.build_id, view: 'findings', vuln: hit.vulnerability_id, ref: hit.bom_ref })}>
                {hit.vulnerability_id}
              </Link>
            </ChakraLink>
          }
          detail={hit.aliases.join(', ') || hit.summary}
        />
      ),
    },
    {
      id: 'severity',
      header: 'Severity',
      width: '170px',
      cell: (hit) => (
        <>
          <SeverityBadge severity={hit.severity} score={hit.score} />
          {hit.active_exploit && <ActiveExploitBadge />}
        </>
      ),
    },
    { id: 'component', header: 'Component', width: 'minmax(150px, 1fr)', cell: (hit) => <Text truncate>{hit.name} {hit.version}</Text> },
    { id: 'build', header: 'App and build', width: '160px', cell: (hit) => <AppBuildLink hit={hit} platformView={platformView} build={hit.build_id} number={hit.build_number} extra={{ view: 'findings' }} /> },
  ];
  return (
    <VirtualTable
      label="Vulnerabilities found"
      columns={columns}
      rows={hits}
      rowKey={(hit) => `${hit.process}|${hit.build_id}|${hit.vulnerability_id}|${hit.bom_ref}`}
      rowHeight={52}
      maxHeight={400}
      footer={footer(hits.length)}
    />
  );
}

export function BuildResults({ hits, platformView }: ResultsProps<BuildHit>) {
  const columns: VirtualColumn<InProcess<BuildHit>>[] = [
    { id: 'build', header: 'App and build', width: 'minmax(160px, 1fr)', cell: (hit) => <AppBuildLink hit={hit} platformView={platformView} build={hit.id} number={hit.number} /> },
    { id: 'name', header: 'Application', width: 'minmax(140px, 1fr)', cell: (hit) => <Text truncate>{hit.app_name}{hit.portfolio ? ` · ${hit.portfolio}` : ''}</Text> },
    { id: 'status', header: 'Status', width: '120px', cell: (hit) => <BuildStatusBadge status={hit.status} /> },
    { id: 'uploaded', header: 'Uploaded', width: '110px', cell: (hit) => formatDate(hit.created_at) },
    { id: 'components', header: 'Components', width: '110px', cell: (hit) => hit.component_count },
    { id: 'vulnerabilities', header: 'Vulnerabilities', width: '120px', cell: (hit) => hit.vulnerability_count },
  ];
  return <VirtualTable label="Builds found" columns={columns} rows={hits} rowKey={(hit) => `${hit.process}|${hit.id}`} maxHeight={400} footer={footer(hits.length)} />;
}
