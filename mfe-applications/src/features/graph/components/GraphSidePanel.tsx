// Beside the canvas, everything the graph offers in words: finding a component by name or purl,
// the vulnerable components (choosing one highlights its paths from the root), the chosen
// component with one shortest path from the root, step by step.
import { Box, Button, chakra, Heading, HStack, Input, Stack, Text } from '@chakra-ui/react';
import type { DependencyGraphNode } from '@portal/shared';
import { useId, useMemo, useState } from 'react';
import { ActiveExploitBadge, SeverityBadge } from '../../../components/labels';
import { plural } from '../../../lib/format';
import { SEVERITIES, type Severity } from '../../../lib/types';
import type { RootPaths } from '../utils/paths';
import { nodeLabel } from '../utils/scene';

/** How many matches a search lists. */
export const SEARCH_SHOWN = 20;

const severityRank = (node: DependencyGraphNode) => (node.severity ? SEVERITIES.indexOf(node.severity as Severity) : SEVERITIES.length);

function ChoiceList({ label, items, nodes, selected, onChoose }: { label: string; items: readonly number[]; nodes: readonly DependencyGraphNode[]; selected: number | null; onChoose: (node: number) => void }) {
  return (
    <chakra.ul aria-label={label} listStyleType="none" maxH="16rem" overflowY="auto" borderWidth="1px" borderRadius="md">
      {items.map((index) => {
        const node = nodes[index];
        return (
          <li key={index}>
            <Button
              variant={selected === index ? 'subtle' : 'ghost'}
              size="xs"
              width="full"
              justifyContent="space-between"
              aria-pressed={selected === index}
              onClick={() => onChoose(index)}
            >
              <Text as="span" truncate>
                {nodeLabel(node)}
              </Text>
              {node.severity && (
                <HStack as="span" gap={1}>
                  {node.active_exploit && <ActiveExploitBadge />}
                  <SeverityBadge severity={node.severity as Severity} />
                </HStack>
              )}
            </Button>
          </li>
        );
      })}
    </chakra.ul>
  );
}

export function ComponentSearch({ nodes, selected, onChoose }: { nodes: readonly DependencyGraphNode[]; selected: number | null; onChoose: (node: number) => void }) {
  const id = useId();
  const [text, setText] = useState('');
  const matches = useMemo(() => {
    const wanted = text.trim().toLowerCase();
    if (wanted === '') return [];
    const found: number[] = [];
    nodes.forEach((node, index) => {
      if (nodeLabel(node).toLowerCase().includes(wanted) || node.purl?.toLowerCase().includes(wanted)) found.push(index);
    });
    return found;
  }, [nodes, text]);
  return (
    <Stack gap={2} as="section" aria-labelledby={`${id}-heading`}>
      <Heading as="h2" size="sm" id={`${id}-heading`}>
        Find a component
      </Heading>
      <Input
        type="search"
        size="sm"
        aria-label="Component name or purl"
        placeholder="Name or purl, e.g. lodash"
        value={text}
        onChange={(event) => setText(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Enter' && matches.length > 0) onChoose(matches[0]);
        }}
      />
      {text.trim() !== '' &&
        (matches.length === 0 ? (
          <Text fontSize="sm" color="fg.muted" role="status">
            No component matches “{text.trim()}”.
          </Text>
        ) : (
          <>
            <Text fontSize="xs" color="fg.muted" role="status">
              {plural(matches.length, 'match', 'matches')}
              {matches.length > SEARCH_SHOWN ? ` — the first ${SEARCH_SHOWN} are listed` : ''}
            </Text>
            <ChoiceList label="Matching components" items={matches.slice(0, SEARCH_SHOWN)} nodes={nodes} selected={selected} onChoose={onChoose} />
          </>
        ))}
    </Stack>
  );
}

export function VulnerableComponents({ nodes, selected, onChoose }: { nodes: readonly DependencyGraphNode[]; selected: number | null; onChoose: (node: number) => void }) {
  const id = useId();
  const vulnerable = useMemo(
    () =>
      nodes
        .map((_, index) => index)
        .filter((index) => nodes[index].vulnerabilities.length > 0)
        .sort((a, b) => severityRank(nodes[a]) - severityRank(nodes[b]) || nodeLabel(nodes[a]).localeCompare(nodeLabel(nodes[b]))),
    [nodes],
  );
  return (
    <Stack gap={2} as="section" aria-labelledby={`${id}-heading`}>
      <Heading as="h2" size="sm" id={`${id}-heading`}>
        Vulnerable components ({vulnerable.length})
      </Heading>
      {vulnerable.length === 0 ? (
        <Text fontSize="sm" color="fg.muted">
          No component of this build has a known vulnerability.
        </Text>
      ) : (
        <>
          <Text fontSize="xs" color="fg.muted">
            Choose one to highlight every path from the root to it.
          </Text>
          <ChoiceList label="Vulnerable components" items={vulnerable} nodes={nodes} selected={selected} onChoose={onChoose} />
        </>
      )}
    </Stack>
  );
}

export function SelectionDetails({
  nodes,
  node,
  paths,
  onChoose,
  onClear,
}: {
  nodes: readonly DependencyGraphNode[];
  node: number;
  paths: RootPaths;
  onChoose: (node: number) => void;
  onClear: () => void;
}) {
  const id = useId();
  const chosen = nodes[node];
  return (
    <Box as="section" aria-labelledby={`${id}-heading`} borderWidth="1px" borderRadius="md" p={3} bg="bg.subtle">
      <HStack justify="space-between" align="start" gap={2}>
        <Heading as="h2" size="sm" id={`${id}-heading`} wordBreak="break-all">
          {nodeLabel(chosen)}
        </Heading>
        <Button size="xs" variant="outline" onClick={onClear}>
          Clear
        </Button>
      </HStack>
      {chosen.purl && (
        <Text fontSize="xs" color="fg.muted" wordBreak="break-all" mt={1}>
          {chosen.purl}
        </Text>
      )}
      <Text fontSize="sm" mt={2}>
        Level {chosen.level} · {chosen.vulnerabilities.length === 0 ? 'no known vulnerability' : plural(chosen.vulnerabilities.length, 'vulnerability', 'vulnerabilities')}
      </Text>
      {chosen.vulnerabilities.length > 0 && (
        <chakra.ul aria-label="Vulnerabilities of the component" listStyleType="none" fontSize="xs" mt={1}>
          {chosen.vulnerabilities.map((vulnerability) => (
            <li key={vulnerability}>{vulnerability}</li>
          ))}
        </chakra.ul>
      )}
      <Heading as="h3" size="xs" mt={3}>
        Paths from the root
      </Heading>
      {paths.shortest.length === 0 ? (
        <Text fontSize="sm" role="status">
          No path from the root reaches this component.
        </Text>
      ) : (
        <>
          <Text fontSize="sm" role="status" data-testid="path-summary">
            {plural(paths.nodeCount, 'component')} and {plural(paths.edges.length, 'dependency', 'dependencies')} lie on the paths from the root, highlighted in the graph. A shortest one:
          </Text>
          <chakra.ol aria-label="Shortest path from the root" ps={5} fontSize="sm" listStyleType="decimal">
            {paths.shortest.map((step) => (
              <li key={step}>
                <chakra.button type="button" display="block" textAlign="start" wordBreak="break-word" textDecoration={step === node ? 'none' : 'underline'} fontWeight={step === node ? 'semibold' : 'normal'} onClick={() => onChoose(step)}>
                  {nodeLabel(nodes[step])}
                </chakra.button>
              </li>
            ))}
          </chakra.ol>
        </>
      )}
    </Box>
  );
}
