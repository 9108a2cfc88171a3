// A build's dependency graph to explore: the canvas with its legend, and beside it the search, the vulnerable
// components, the chosen one with its paths from the root, and the graph metrics. The chosen
// component is the page's (its bom_ref in the URL), so a view can be shared.
import { Box, Stack } from '@chakra-ui/react';
import type { DependencyGraph } from '@portal/shared';
import { useMemo, useState } from 'react';
import { Empty, QueryView } from '../../../components/QueryStates';
import { plural } from '../../../lib/format';
import { useDependencyGraph } from '../api/getDependencyGraph';
import { useGraphModel } from '../hooks/useGraphModel';
import { pathsFromRoot } from '../utils/paths';
import { GraphCanvas, type FocusRequest } from './GraphCanvas';
import { GraphLegend } from './GraphLegend';
import { GraphMetricsPanel } from './GraphMetricsPanel';
import { GraphTable } from './GraphTable';
import { ComponentSearch, SelectionDetails, VulnerableComponents } from './GraphSidePanel';

export interface GraphExplorerProps {
  graph: string;
  appKey: string;
  buildId: string;
  /** The chosen component's bom_ref. */
  chosen: string | null;
  onChoose: (bomRef: string | null) => void;
}

function Explorer({ data, graph, appKey, buildId, chosen, onChoose }: GraphExplorerProps & { data: DependencyGraph }) {
  const model = useGraphModel(data)!;
  const [focus, setFocus] = useState<FocusRequest | null>(null);
  const selected = chosen === null ? null : (model.indexOf.get(chosen) ?? null);
  const paths = useMemo(
    () => (selected === null ? null : pathsFromRoot(data.nodes.length, model.scene.edges, model.forward, model.backward, data.root, selected)),
    [selected, model, data],
  );
  const choose = (node: number | null, centre = true) => {
    onChoose(node === null ? null : data.nodes[node].bom_ref);
    if (node !== null && centre) setFocus((current) => ({ node, nonce: (current?.nonce ?? 0) + 1 }));
  };
  const chooseRef = (ref: string) => {
    const node = model.indexOf.get(ref);
    if (node !== undefined) choose(node);
  };

  return (
    <Stack direction={{ base: 'column', lg: 'row' }} gap={4} align="flex-start">
      <Box flex="1" minW={0} width="full">
        <GraphCanvas
          scene={model.scene}
          highlight={paths}
          selected={selected}
          onSelect={(node) => choose(node, false)}
          focus={focus}
          label={`Dependency graph of build ${data.build.number} of ${data.app_key}: ${plural(data.nodes.length, 'component')}, ${plural(data.edges.length, 'dependency', 'dependencies')}${
            paths ? `; ${plural(paths.nodeCount, 'component')} highlighted on the paths from the root to ${data.nodes[selected!].name}` : ''
          }`}
        />
        <GraphLegend groups={model.scene.groups} />
        <GraphTable data={data} />
      </Box>
      <Stack gap={5} width={{ base: 'full', lg: '22rem' }} flexShrink={0}>
        <ComponentSearch nodes={data.nodes} selected={selected} onChoose={choose} />
        {selected !== null && paths && <SelectionDetails nodes={data.nodes} node={selected} paths={paths} onChoose={choose} onClear={() => choose(null)} />}
        <VulnerableComponents nodes={data.nodes} selected={selected} onChoose={choose} />
        <GraphMetricsPanel graph={graph} appKey={appKey} buildId={buildId} onChoose={chooseRef} />
      </Stack>
    </Stack>
  );
}

export function GraphExplorer(props: GraphExplorerProps) {
  const graphData = useDependencyGraph(props.graph, props.appKey, props.buildId);
  return (
    <QueryView query={graphData} loading="Loading the dependency graph…">
      {(data) =>
        data.nodes.length === 0 ? (
          <Empty title="This build has no components" description="Its SBOM lists none: there is no graph to draw." />
        ) : (
          <Explorer {...props} data={data} />
        )
      }
    </QueryView>
  );
}
