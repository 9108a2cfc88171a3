// The comment trail of a finding's analysis, oldest first: who changed what and when, where it
// came from (a user, an imported VEX, carried over from an earlier build) and their comment.
import { Box, chakra, Stack, Text } from '@chakra-ui/react';
import type { VexTrailEntry } from '@portal/shared';
import { formatDateTime } from '../../../lib/format';
import { JUSTIFICATION_LABELS, RESPONSE_LABELS, SOURCE_LABELS, stateLabel } from './vexLabels';

export function VexTrail({ trail }: { trail: readonly VexTrailEntry[] }) {
  if (trail.length === 0) {
    return (
      <Text fontSize="sm" color="fg.muted">
        No analysis yet.
      </Text>
    );
  }
  return (
    <Stack as="ol" gap={2} listStyleType="none" aria-label="Analysis trail">
      {trail.map((entry) => (
        <chakra.li key={entry.id} borderStartWidth="3px" borderColor={entry.source === 'user' ? 'blue.300' : 'gray.300'} ps={3} fontSize="sm">
          <Text color="fg.muted" fontSize="xs">
            {formatDateTime(entry.at)} · {entry.by ?? 'unknown user'} · {SOURCE_LABELS[entry.source]}
          </Text>
          <Text>
            <strong>{stateLabel(entry.state)}</strong>
            {entry.justification ? ` · ${JUSTIFICATION_LABELS[entry.justification]}` : ''}
            {entry.response.length > 0 ? ` · ${entry.response.map((response) => RESPONSE_LABELS[response]).join(', ')}` : ''}
          </Text>
          {entry.detail && <Text whiteSpace="pre-wrap">{entry.detail}</Text>}
          {entry.comment && (
            <Box mt={1} p={2} bg="bg.subtle" borderRadius="md" whiteSpace="pre-wrap">
              {entry.comment}
            </Box>
          )}
        </chakra.li>
      ))}
    </Stack>
  );
}
