// The possible duplicates of one requirement, shown with it in the depository (so right after it is
// added): each with its similarity and the shared terms that explain it, to link, merge or mark as not a duplicate.
import { Box, Heading, Text } from '@chakra-ui/react';
import { QueryView } from '@portal/shared';
import { useDuplicateCandidates } from './api/getDuplicateCandidates';
import { CandidateList } from './CandidateList';

export interface DuplicateCandidatesProps {
  graph: string;
  requirementId: string;
}

export function DuplicateCandidates({ graph, requirementId }: DuplicateCandidatesProps) {
  const candidates = useDuplicateCandidates(graph, requirementId);
  return (
    <Box as="section" aria-label="Possible duplicates">
      <Heading as="h3" size="sm" mb={2}>
        Possible duplicates
      </Heading>
      <QueryView query={candidates} loading="Looking for similar requirements…">
        {(pairs) =>
          pairs.length === 0 ? (
            <Text fontSize="sm" color="fg.muted">
              No similar requirement found.
            </Text>
          ) : (
            <CandidateList graph={graph} pairs={pairs} label="Possible duplicates of this requirement" />
          )
        }
      </QueryView>
    </Box>
  );
}
