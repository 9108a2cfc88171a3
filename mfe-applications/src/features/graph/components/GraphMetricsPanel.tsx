// The build's graph metrics (GET …/graphMetrics): depth and components per level, fan-in and
// fan-out, leaves, isolated components, cycles, and the most depended-on components (each one a
// way to choose it in the graph).
import { Box, chakra, Heading, Stack, Text } from '@chakra-ui/react';
import type { GraphComponentFigure, GraphMetrics } from '@portal/shared';
import { useId } from 'react';
import { QueryView } from '../../../components/QueryStates';
import { plural } from '../../../lib/format';
import { useGraphMetrics } from '../api/getGraphMetrics';

function Figure({ term, value }: { term: string; value: string | number }) {
  return (
    <>
      <chakra.dt color="fg.muted">{term}</chakra.dt>
      <chakra.dd fontWeight="semibold" textAlign="end">
        {value}
      </chakra.dd>
    </>
  );
}

function TopList({ label, figures, count, onChoose }: { label: string; figures: GraphComponentFigure[]; count: (figure: GraphComponentFigure) => string; onChoose: (ref: string) => void }) {
  if (figures.length === 0) return null;
  return (
    <Box>
      <Heading as="h3" size="xs" mb={1}>
        {label}
      </Heading>
      <chakra.ol aria-label={label} ps={5} fontSize="sm" listStyleType="decimal">
        {figures.map((figure) => (
          <li key={figure.bom_ref}>
            <chakra.button type="button" textAlign="start" textDecoration="underline" onClick={() => onChoose(figure.bom_ref)}>
              {figure.name}
              {figure.version ? `@${figure.version}` : ''}
            </chakra.button>{' '}
            <Text as="span" color="fg.muted" fontSize="xs">
              {count(figure)}
            </Text>
          </li>
        ))}
      </chakra.ol>
    </Box>
  );
}

export function MetricsView({ metrics, onChoose }: { metrics: GraphMetrics; onChoose: (ref: string) => void }) {
  return (
    <Stack gap={3}>
      <chakra.dl display="grid" gridTemplateColumns="1fr auto" columnGap={3} rowGap={1} fontSize="sm" aria-label="Graph metrics">
        <Figure term="Components" value={metrics.components.toLocaleString('en-US')} />
        <Figure term="Dependencies (stated)" value={metrics.edges.toLocaleString('en-US')} />
        <Figure term="Depth" value={metrics.depth} />
        <Figure term="Most dependents (fan-in)" value={`${metrics.fan_in.max} (avg ${metrics.fan_in.average})`} />
        <Figure term="Most dependencies (fan-out)" value={`${metrics.fan_out.max} (avg ${metrics.fan_out.average})`} />
        <Figure term="Leaves" value={metrics.leaves} />
        <Figure term="Isolated" value={metrics.isolated} />
        <Figure term="Cycles" value={metrics.cycles.count === 0 ? 'none' : `${metrics.cycles.count} (${plural(metrics.cycles.components, 'component')})`} />
      </chakra.dl>
      {metrics.edges === 0 && (
        <Text fontSize="xs" color="fg.muted">
          The SBOM states no dependencies: every component is drawn under the root.
        </Text>
      )}
      <Text fontSize="xs" color="fg.muted">
        Components per level: {metrics.levels.map((count, level) => `${level}: ${count}`).join(' · ')}
      </Text>
      <TopList
        label="Most depended on"
        figures={metrics.most_depended_on}
        count={(figure) => `${plural(figure.fan_in, 'dependent')}, ${figure.transitive_dependents} in all`}
        onChoose={onChoose}
      />
      <TopList label="Most dependencies" figures={metrics.largest_fan_out} count={(figure) => plural(figure.fan_out, 'dependency', 'dependencies')} onChoose={onChoose} />
    </Stack>
  );
}

export function GraphMetricsPanel({ graph, appKey, buildId, onChoose }: { graph: string; appKey: string; buildId: string; onChoose: (ref: string) => void }) {
  const id = useId();
  const metrics = useGraphMetrics(graph, appKey, buildId);
  return (
    <Box as="section" aria-labelledby={`${id}-heading`}>
      <Heading as="h2" size="sm" id={`${id}-heading`} mb={2}>
        Graph metrics
      </Heading>
      <QueryView query={metrics} loading="Computing the graph metrics…">
        {(data) => <MetricsView metrics={data} onChoose={onChoose} />}
      </QueryView>
    </Box>
  );
}
