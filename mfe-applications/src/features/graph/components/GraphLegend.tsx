// What the graph view's colours and marks mean (issue 26 item 7), under the canvas: the root, the
// severities, the exploit ring, the lines (or, for the grouped overview, the group frames), the
// highlighted paths and the chosen component — and, for the grouped overview, its groups in words.
import { Box, chakra, HStack, Text } from '@chakra-ui/react';
import { plural } from '../../../lib/format';
import type { GroupFrame } from '../utils/groups';
import { COLORS, frameTitle } from '../utils/scene';

type Mark = 'dot' | 'big-dot' | 'ring' | 'line' | 'thick-line' | 'frame';

interface Entry {
  mark: Mark;
  color: string;
  text: string;
}

const SEVERITY_ENTRIES: Entry[] = [
  { mark: 'big-dot', color: COLORS.root, text: 'Root: the SBOM’s own component' },
  { mark: 'dot', color: COLORS.CRITICAL, text: 'Critical vulnerability' },
  { mark: 'dot', color: COLORS.HIGH, text: 'High' },
  { mark: 'dot', color: COLORS.MEDIUM, text: 'Medium' },
  { mark: 'dot', color: COLORS.LOW, text: 'Low' },
  { mark: 'dot', color: COLORS.plain, text: 'No known vulnerability (or severity unknown)' },
  { mark: 'ring', color: COLORS.exploit, text: 'Actively exploited (CISA KEV)' },
];

const LAYERED_ENTRIES: Entry[] = [
  { mark: 'line', color: COLORS.edge, text: 'Dependency the SBOM states' },
  { mark: 'line', color: COLORS.implied, text: 'Under no stated dependency: hung under the root' },
];

const CHOICE_ENTRIES: Entry[] = [
  { mark: 'thick-line', color: COLORS.path, text: 'Paths from the root to the chosen component' },
  { mark: 'ring', color: COLORS.selected, text: 'Chosen component' },
];

function Swatch({ mark, color }: { mark: Mark; color: string }) {
  const size = mark === 'big-dot' ? '14px' : '10px';
  if (mark === 'line' || mark === 'thick-line') return <Box width="18px" height={mark === 'line' ? '2px' : '3px'} bg={color} flexShrink={0} />;
  if (mark === 'frame') return <Box width="16px" height="12px" borderWidth="1px" borderColor={color} borderRadius="1px" flexShrink={0} />;
  return <Box width={size} height={size} borderRadius="full" flexShrink={0} {...(mark === 'ring' ? { borderWidth: '2px', borderColor: color } : { bg: color })} />;
}

export interface GraphLegendProps {
  /** The grouped overview's frames; absent for a layered graph. */
  groups?: readonly GroupFrame[];
}

export function GraphLegend({ groups }: GraphLegendProps) {
  const entries = [...SEVERITY_ENTRIES, ...(groups ? [{ mark: 'frame' as const, color: COLORS.frame, text: 'Group: an ecosystem and namespace' }] : LAYERED_ENTRIES), ...CHOICE_ENTRIES];
  return (
    <Box mt={2}>
      <chakra.ul aria-label="Graph legend" listStyleType="none" display="flex" flexWrap="wrap" columnGap={4} rowGap={1}>
        {entries.map((entry) => (
          <HStack as="li" key={entry.text} gap={1.5} fontSize="xs" color="fg.muted">
            <Swatch mark={entry.mark} color={entry.color} />
            <span>{entry.text}</span>
          </HStack>
        ))}
      </chakra.ul>
      {groups && (
        <Box mt={3}>
          <Text fontSize="sm" data-testid="grouped-overview">
            This SBOM states no dependencies: its {plural(groups.reduce((sum, group) => sum + group.count, 0), 'component')} are drawn grouped by ecosystem and
            namespace, the vulnerable ones first in each group. Zoom in to read their names.
          </Text>
          <chakra.ul aria-label="Component groups" listStyleType="none" fontSize="xs" color="fg.muted" mt={1} display="flex" flexWrap="wrap" columnGap={4}>
            {groups.map((group) => (
              <li key={group.key}>{frameTitle(group)}</li>
            ))}
          </chakra.ul>
        </Box>
      )}
    </Box>
  );
}
