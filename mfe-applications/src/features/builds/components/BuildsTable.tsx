// An app's builds, newest first: each upload of an SBOM with its processing status (followed
// while not final), its format, its figures and who sent it (a user, or a pipeline's API key).
import { chakra, Link as ChakraLink, Text } from '@chakra-ui/react';
import { Link } from 'react-router';
import { BuildStatusBadge } from '../../../components/labels';
import { type VirtualColumn, VirtualTable } from '@portal/shared/screens';
import { formatDateTime, plural } from '../../../lib/format';
import type { Build } from '../../../lib/types';

export interface BuildsTableProps {
  builds: readonly Build[];
  selectedId?: string;
  buildPath: (buildId: string) => string;
  onOpen: (build: Build) => void;
}

const formatOf = (build: Build) => `${build.format} ${build.spec_version} ${build.encoding.toUpperCase()}`;

export function BuildsTable({ builds, selectedId, buildPath, onOpen }: BuildsTableProps) {
  const columns: VirtualColumn<Build>[] = [
    {
      id: 'number',
      header: 'Build',
      width: '90px',
      cell: (build) => (
        <ChakraLink asChild colorPalette="blue" fontWeight="semibold">
          <Link to={buildPath(build.id)} aria-label={`Open build #${build.number}`}>
            #{build.number}
          </Link>
        </ChakraLink>
      ),
    },
    { id: 'created', header: 'Uploaded', width: '170px', cell: (build) => formatDateTime(build.created_at) },
    { id: 'status', header: 'Status', width: '130px', cell: (build) => <BuildStatusBadge status={build.status} /> },
    { id: 'format', header: 'Format', width: '160px', cell: (build) => <Text truncate>{formatOf(build)}</Text> },
    {
      id: 'root',
      header: 'Root component',
      width: 'minmax(160px, 1fr)',
      cell: (build) => <Text truncate>{build.root ? `${build.root.name ?? build.root.bom_ref}${build.root.version ? ` ${build.root.version}` : ''}` : '—'}</Text>,
    },
    { id: 'components', header: 'Components', width: '110px', cell: (build) => (build.status === 'DONE' ? build.component_count.toLocaleString('en-US') : '—') },
    { id: 'vulnerabilities', header: 'Vulnerabilities', width: '120px', cell: (build) => (build.status === 'DONE' ? build.vulnerability_count.toLocaleString('en-US') : '—') },
    {
      id: 'by',
      header: 'Uploaded by',
      width: '150px',
      cell: (build) => <chakra.span color={build.via === 'api-key' ? 'fg.muted' : undefined}>{build.via === 'api-key' ? 'CI/CD (API key)' : (build.uploaded_by ?? '—')}</chakra.span>,
    },
  ];
  return (
    <VirtualTable
      label="Builds"
      columns={columns}
      rows={builds}
      rowKey={(build) => build.id}
      activeKey={selectedId}
      onOpen={onOpen}
      maxHeight={320}
      footer={plural(builds.length, 'build')}
    />
  );
}
