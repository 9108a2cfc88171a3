// The Components tab of a build: the tree with its filters beside the selected component.
import { Box, Flex, HStack, Stack, Text } from '@chakra-ui/react';
import { CheckboxFilter, SearchInput } from '../../../components/filters';
import { useDeferredValue, useMemo, useState } from 'react';
import { QueryView } from '../../../components/QueryStates';
import { plural } from '../../../lib/format';
import { usePageParams } from '../../../lib/searchParams';
import { useSbomComponents } from '../api/getSbomComponents';
import { ComponentDetail } from './ComponentDetail';
import { ComponentTree } from './ComponentTree';
import { buildSbomTree } from './sbomTree';

export interface ComponentsPanelProps {
  graph: string;
  appKey: string;
  buildId: string;
}

export function ComponentsPanel({ graph, appKey, buildId }: ComponentsPanelProps) {
  const components = useSbomComponents(graph, appKey, buildId);
  const { params, change } = usePageParams();
  const [text, setText] = useState('');
  const [onlyVulnerable, setOnlyVulnerable] = useState(false);
  // Typing stays responsive while a large tree is filtered.
  const deferredText = useDeferredValue(text);
  const filter = useMemo(() => ({ text: deferredText, onlyVulnerable }), [deferredText, onlyVulnerable]);
  const tree = useMemo(() => (components.data ? buildSbomTree(components.data.components) : undefined), [components.data]);
  const selectedRef = params.get('component');
  const selected = tree && selectedRef !== null ? tree.nodes.find((node) => node.row.bom_ref === selectedRef) : undefined;

  return (
    <QueryView query={components} loading="Loading components…">
      {(answer) =>
        !tree || answer.components.length === 0 ? (
          <Text color="fg.muted">This build has no components.</Text>
        ) : (
          <Stack gap={3}>
            <HStack gap={4} flexWrap="wrap">
              <SearchInput label="Filter components" placeholder="Filter by name, version or purl" value={text} onChange={setText} width="20rem" />
              <CheckboxFilter label="Only vulnerable components" checked={onlyVulnerable} onChange={setOnlyVulnerable} />
              <Text fontSize="xs" color="fg.muted" ms="auto">
                {plural(answer.components.length, 'component')}, {plural(tree.nodes.filter((node) => node.row.vulnerabilities.length > 0).length, 'vulnerable', 'vulnerable')}
              </Text>
            </HStack>
            <Flex gap={4} align="start" direction={{ base: 'column', lg: 'row' }}>
              <Box flex="3" minW={0} w="full">
                <ComponentTree tree={tree} filter={filter} selected={selected?.index} onSelect={(node) => change({ component: node.row.bom_ref })} />
              </Box>
              <Box flex="2" minW={0} w="full">
                {selected ? (
                  <ComponentDetail node={selected} />
                ) : (
                  <Text fontSize="sm" color="fg.muted" p={4} borderWidth="1px" borderRadius="md">
                    Choose a component to see its package, licenses and vulnerabilities (Enter on the tree).
                  </Text>
                )}
              </Box>
            </Flex>
          </Stack>
        )
      }
    </QueryView>
  );
}
