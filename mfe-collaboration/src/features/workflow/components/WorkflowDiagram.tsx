// The requirement workflow as a diagram (issue 23 item 5): its states with how many requirements
// of the process each holds (live: requirement events make the counts stale), and the moves
// between them with the event each raises (the contract's REQUIREMENT_WORKFLOW). d3 draws the
// arrows; the states are links to the depository filtered to that state, reachable by keyboard.
// The same moves are listed as text under the drawing for whoever does not see it.
import { Box, chakra, Link as ChakraLink, Text } from '@chakra-ui/react';
import { type RequirementStatus } from '@portal/shared';
import { REQUIREMENT_WORKFLOW } from '@portal/shared/collaboration';
import { curveBasis, line } from 'd3';
import { Link } from 'react-router';
import type { StatusCounts } from '../api/getStatusCounts';

export const STATUS_LABELS: Record<RequirementStatus, string> = {
  DRAFT: 'Draft',
  IN_REVIEW: 'In review',
  REJECTED: 'Rejected',
  ACCEPTED: 'Accepted',
  IN_PROGRESS: 'In progress',
  COMPLETED: 'Completed',
  FAILED: 'Failed',
};

const NODE_W = 136;
const NODE_H = 56;
const COL = 176;
const ROW = 120;
const PAD = 24;
/** Where each state sits: the main line left to right, the two turns below it. */
const PLACE: Record<RequirementStatus, [number, number]> = {
  DRAFT: [0, 0],
  IN_REVIEW: [1, 0],
  ACCEPTED: [2, 0],
  IN_PROGRESS: [3, 0],
  COMPLETED: [4, 0],
  REJECTED: [1, 1],
  FAILED: [3, 1],
};
const WIDTH = PAD * 2 + COL * 4 + NODE_W;
const HEIGHT = PAD * 2 + ROW + NODE_H + 32;
const TOP = 32;

const origin = (status: RequirementStatus) => ({ x: PAD + PLACE[status][0] * COL, y: TOP + PLACE[status][1] * ROW });

const path = line<[number, number]>().curve(curveBasis);

/** The arrow from one state to another: straight along a row or column, bowed when it goes back. */
export function edgePath(from: RequirementStatus, to: RequirementStatus): string {
  const a = origin(from);
  const b = origin(to);
  if (a.y === b.y) {
    const forward = b.x > a.x;
    if (forward) return path([[a.x + NODE_W, a.y + NODE_H / 2], [b.x, b.y + NODE_H / 2]]) ?? '';
    // Back along the row: above the boxes.
    const lift = a.y - 26;
    return path([[a.x + NODE_W / 2, a.y], [a.x + NODE_W / 2, lift], [b.x + NODE_W / 2, lift], [b.x + NODE_W / 2, b.y]]) ?? '';
  }
  // Between the rows: side by side so that a pair of opposite moves does not overlap.
  const shift = a.y < b.y ? -18 : 18;
  const start: [number, number] = a.y < b.y ? [a.x + NODE_W / 2 + shift, a.y + NODE_H] : [a.x + NODE_W / 2 + shift, a.y];
  const end: [number, number] = a.y < b.y ? [b.x + NODE_W / 2 + shift, b.y] : [b.x + NODE_W / 2 + shift, b.y + NODE_H];
  return path([start, end]) ?? '';
}

export interface WorkflowDiagramProps {
  /** Requirements per state; undefined while loading or without list=>Requirement. */
  counts: StatusCounts | undefined;
}

export function WorkflowDiagram({ counts }: WorkflowDiagramProps) {
  const statuses = Object.keys(PLACE) as RequirementStatus[];
  return (
    <Box>
      <Box position="relative" width={`${WIDTH}px`} maxWidth="100%" height={`${HEIGHT}px`} overflowX="auto" role="group" aria-label="Requirement workflow">
        <svg width={WIDTH} height={HEIGHT} aria-hidden="true" style={{ position: 'absolute', inset: 0 }}>
          <defs>
            <marker id="workflow-arrow" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="7" markerHeight="7" orient="auto-start-reverse">
              <path d="M 0 0 L 10 5 L 0 10 z" fill="currentColor" />
            </marker>
          </defs>
          <g fill="none" stroke="currentColor" strokeWidth={1.5} color="var(--chakra-colors-fg-muted)">
            {REQUIREMENT_WORKFLOW.map((transition) => (
              <path key={`${transition.from}-${transition.to}`} d={edgePath(transition.from, transition.to)} markerEnd="url(#workflow-arrow)">
                <title>{`${transition.event}: ${STATUS_LABELS[transition.from]} → ${STATUS_LABELS[transition.to]}`}</title>
              </path>
            ))}
          </g>
        </svg>
        {statuses.map((status) => {
          const { x, y } = origin(status);
          const count = counts?.[status];
          return (
            <ChakraLink
              key={status}
              asChild
              position="absolute"
              left={`${x}px`}
              top={`${y}px`}
              width={`${NODE_W}px`}
              height={`${NODE_H}px`}
              borderWidth="1px"
              borderRadius="md"
              bg="bg.panel"
              display="flex"
              flexDirection="column"
              alignItems="center"
              justifyContent="center"
              textDecoration="none"
              _hover={{ borderColor: 'brand.solid' }}
            >
              <Link to={`/requirements?status=${status}`}>
                <Text fontWeight="semibold" fontSize="sm">
                  {STATUS_LABELS[status]}
                </Text>
                <Text fontSize="lg">
                  <chakra.span data-testid={`workflow-count-${status}`}>{count ?? '–'}</chakra.span>
                  <chakra.span srOnly>{count === undefined || count === null ? ' (count unknown)' : ' requirements'}</chakra.span>
                </Text>
              </Link>
            </ChakraLink>
          );
        })}
      </Box>
      <chakra.table mt={4} fontSize="sm" borderCollapse="collapse" aria-label="Workflow moves">
        <thead>
          <tr>
            {['Move', 'From', 'To', 'By'].map((header) => (
              <chakra.th key={header} textAlign="start" px={2} py={1} borderBottomWidth="1px">
                {header}
              </chakra.th>
            ))}
          </tr>
        </thead>
        <tbody>
          {REQUIREMENT_WORKFLOW.map((transition) => (
            <tr key={`${transition.from}-${transition.to}`}>
              {[transition.event, STATUS_LABELS[transition.from], STATUS_LABELS[transition.to], transition.by].map((cell, index) => (
                <chakra.td key={index} px={2} py={1} borderBottomWidth="1px">
                  {cell}
                </chakra.td>
              ))}
            </tr>
          ))}
        </tbody>
      </chakra.table>
    </Box>
  );
}
