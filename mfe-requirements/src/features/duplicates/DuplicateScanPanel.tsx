// "Find duplicates": every likely duplicate pair of the process, most similar first.
import { Box, Button, Heading, HStack, Text } from '@chakra-ui/react';
import { Empty, QueryView } from '@portal/shared';
import { useState } from 'react';
import { useDuplicateScan } from './api/scanDuplicates';
import { CandidateList } from './CandidateList';

export interface DuplicateScanPanelProps {
  graph: string;
  /** Scan at once (e.g. in a dialog opened by a button); otherwise a Find duplicates button starts it. */
  autoStart?: boolean;
}

export function DuplicateScanPanel({ graph, autoStart = false }: DuplicateScanPanelProps) {
  const [started, setStarted] = useState(autoStart);
  const scan = useDuplicateScan(graph, started);
  return (
    <Box as="section" aria-labelledby="duplicate-scan-heading">
      <HStack justify="space-between" mb={3} flexWrap="wrap">
        <Heading as="h2" size="md" id="duplicate-scan-heading">
          Duplicate requirements
        </Heading>
        <Button size="sm" variant="outline" loading={started && scan.isFetching} onClick={() => (started ? void scan.refetch() : setStarted(true))}>
          Find duplicates
        </Button>
      </HStack>
      {!started ? (
        <Text fontSize="sm" color="fg.muted">
          Compares the process's requirements and proposes pairs that look alike.
        </Text>
      ) : (
        <QueryView query={scan} loading="Comparing requirements…">
          {(pairs) =>
            pairs.length === 0 ? (
              <Empty title="No duplicates found" description="No two requirements look alike (a pair decided as not duplicates, linked or merged is not proposed again)." />
            ) : (
              <CandidateList graph={graph} pairs={[...pairs].sort((a, b) => b.score - a.score)} label="Duplicate candidates" />
            )
          }
        </QueryView>
      )}
    </Box>
  );
}
