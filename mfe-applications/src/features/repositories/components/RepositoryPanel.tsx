// The Repositories tab of a build (issue 7 item 9): where the components' sources live — how many
// name a source repository, the hosts, and each repository with the components built from it.
import { Box, Flex, Link, Stack, Text } from '@chakra-ui/react';
import type { SourceRepository } from '@portal/shared';
import { Figures } from '../../../components/Figures';
import { QueryView } from '../../../components/QueryStates';
import { type VirtualColumn, VirtualTable } from '@portal/shared/screens';
import { plural } from '../../../lib/format';
import { useRepositoryAnalysis } from '../api/getRepositoryAnalysis';

const REPOSITORY_COLUMNS: VirtualColumn<SourceRepository>[] = [
  {
    id: 'url',
    header: 'Repository',
    width: 'minmax(240px, 2fr)',
    cell: (repository) =>
      /^https?:\/\//.test(repository.url) ? (
        <Link href={repository.url} target="_blank" rel="noopener noreferrer" colorPalette="blue" truncate>
          {repository.url}
        </Link>
      ) : (
        <Text truncate>{repository.url}</Text>
      ),
  },
  { id: 'host', header: 'Host', width: '140px', cell: (repository) => <Text truncate>{repository.host}</Text> },
  { id: 'types', header: 'Referenced as', width: '150px', cell: (repository) => <Text truncate>{repository.types.join(', ')}</Text> },
  { id: 'components', header: 'Components', width: '110px', cell: (repository) => repository.components },
];

export function RepositoryPanel({ graph, appKey, buildId }: { graph: string; appKey: string; buildId: string }) {
  const analysis = useRepositoryAnalysis(graph, appKey, buildId);
  return (
    <QueryView query={analysis} loading="Reading the source repositories…">
      {(data) => (
        <Stack gap={4}>
          <Figures
            label="Repository figures"
            figures={[
              ['Components', data.components],
              ['With a source repository', data.with_vcs],
              ['Without any reference', data.without_reference],
              ['VCS references', data.by_type.vcs],
              ['Websites', data.by_type.website],
              ['Distributions', data.by_type.distribution],
            ]}
          />
          {data.repositories.length === 0 ? (
            <Text color="fg.muted">No component of this build names a source repository.</Text>
          ) : (
            <Flex gap={6} direction={{ base: 'column', xl: 'row' }} align="start">
              <Box flex="1" minW={0} w="full">
                <VirtualTable
                  label="Hosts"
                  columns={[
                    { id: 'host', header: 'Host', width: 'minmax(140px, 1fr)', cell: (host) => <Text truncate>{host.host}</Text> },
                    { id: 'repositories', header: 'Repositories', width: '110px', cell: (host) => host.repositories },
                    { id: 'components', header: 'Components', width: '110px', cell: (host) => host.components },
                  ]}
                  rows={data.hosts}
                  rowKey={(host) => host.host}
                  rowHeight={40}
                  maxHeight={360}
                  footer={plural(data.hosts.length, 'host')}
                />
              </Box>
              <Box flex="2" minW={0} w="full">
                <VirtualTable label="Source repositories" columns={REPOSITORY_COLUMNS} rows={data.repositories} rowKey={(repository) => repository.url} footer={plural(data.repositories.length, 'repository', 'repositories')} />
              </Box>
            </Flex>
          )}
        </Stack>
      )}
    </QueryView>
  );
}
