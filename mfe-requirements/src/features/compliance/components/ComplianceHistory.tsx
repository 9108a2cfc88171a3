// The status changes of a requirement and of its checks, newest first: the latest few, all on demand.
import { Box, Button, chakra, Text } from '@chakra-ui/react';
import type { ComplianceHistoryEntry, ComplianceStatus } from '@portal/shared/compliance';
import { useState } from 'react';
import { formatTime } from '../../../lib/dates';
import { KIND_LABELS, STATUS_WORDS } from './words';

const SHOWN = 8;
const word = (status: ComplianceStatus | null) => (status === null ? 'no status' : STATUS_WORDS[status].label.toLowerCase());

export function ComplianceHistory({ history }: { history: readonly ComplianceHistoryEntry[] }) {
  const [all, setAll] = useState(false);
  if (history.length === 0) {
    return (
      <Text fontSize="sm" color="fg.muted">
        No status change yet.
      </Text>
    );
  }
  const shown = all ? history : history.slice(0, SHOWN);
  return (
    <Box>
      <chakra.ol aria-label="Compliance history" listStyleType="none" fontSize="sm">
        {shown.map((entry, index) => (
          <Box as="li" key={`${entry.at}:${entry.check_id ?? 'requirement'}:${index}`} py={1} borderBottomWidth="1px">
            <Text>
              <Text as="span" fontWeight="semibold">
                {entry.kind ? KIND_LABELS[entry.kind] : 'Requirement'}
              </Text>{' '}
              {word(entry.from)} → {word(entry.to)}
            </Text>
            <Text fontSize="xs" color="fg.muted">
              {formatTime(entry.at)} · {entry.summary}
            </Text>
          </Box>
        ))}
      </chakra.ol>
      {history.length > SHOWN && (
        <Button size="xs" variant="ghost" mt={1} onClick={() => setAll((current) => !current)}>
          {all ? 'Show the latest only' : `Show all ${history.length} changes`}
        </Button>
      )}
    </Box>
  );
}
