// Proposed duplicate pairs with their similarity and shared terms, and the decisions on a pair:
// Link records them as duplicates, Merge (after confirmation) folds the second into the first, Not
// a duplicate never proposes the pair again. A decided pair leaves the list; the decision is kept
// for the process (the API never proposes the pair again).
import { Box, Button, HStack, Stack, Text } from '@chakra-ui/react';
import { ConfirmDialog, ErrorAlert, showSnackbar, usePermitted } from '@portal/shared';
import { useState } from 'react';
import { P } from '../../lib/permissions';
import type { DuplicateCandidate } from '../../types/analysis';
import { useResolveDuplicates, type DuplicateAction as Action } from './api/resolveDuplicates';

export const pairName = (pair: DuplicateCandidate) => `${pair.a.code} and ${pair.b.code}`;
export const scoreText = (score: number) => `${Math.round(score * 100)}%`;

export function CandidateList({ graph, pairs, label }: { graph: string; pairs: DuplicateCandidate[]; label: string }) {
  const canAnalyze = usePermitted(P.ANALYZE_REQUIREMENT);
  const canUpdate = usePermitted(P.UPDATE_REQUIREMENT);
  const [merging, setMerging] = useState<DuplicateCandidate | null>(null);
  const act = useResolveDuplicates(graph);
  const run = (pair: DuplicateCandidate, action: Action) =>
    act.mutate(
      { pair, action },
      {
        onSuccess: () => {
          const done = action === 'dismiss' ? 'marked as not duplicates' : action === 'link' ? 'linked as duplicates' : `merged into ${pair.a.code}`;
          showSnackbar(`${action === 'merge' ? pair.b.code : pairName(pair)} ${done}.`, 'success');
          setMerging(null);
        },
        onError: () => setMerging(null),
      },
    );

  return (
    <Stack gap={3}>
      {act.error && <ErrorAlert error={act.error} />}
      <Stack as="ul" gap={3} listStyleType="none" aria-label={label}>
        {pairs.map((pair) => (
          <Box as="li" key={`${pair.a.id}-${pair.b.id}`} borderWidth="1px" borderRadius="md" p={3} aria-label={`Possible duplicates ${pairName(pair)}`}>
            <HStack justify="space-between" align="flex-start" flexWrap="wrap" gap={3}>
              <Stack gap={1} minW={0}>
                <Text fontSize="sm">
                  <Text as="span" fontWeight="semibold">{pair.a.code}</Text> {pair.a.title}
                </Text>
                <Text fontSize="sm">
                  <Text as="span" fontWeight="semibold">{pair.b.code}</Text> {pair.b.title}
                </Text>
                <Text fontSize="xs" color="fg.muted">
                  Shared terms: {pair.shared_terms.length ? pair.shared_terms.join(', ') : '—'}
                </Text>
              </Stack>
              <Stack align="flex-end" gap={2}>
                <Text fontWeight="bold" aria-label={`Similarity ${scoreText(pair.score)}`}>
                  Similarity {scoreText(pair.score)}
                </Text>
                <HStack gap={2}>
                  {canUpdate && (
                    <>
                      <Button size="xs" variant="outline" aria-label={`Link ${pairName(pair)}`} disabled={act.isPending} onClick={() => run(pair, 'link')}>
                        Link
                      </Button>
                      <Button size="xs" variant="outline" aria-label={`Merge ${pairName(pair)}`} disabled={act.isPending} onClick={() => setMerging(pair)}>
                        Merge
                      </Button>
                    </>
                  )}
                  {canAnalyze && (
                    <Button size="xs" variant="ghost" aria-label={`Not a duplicate: ${pairName(pair)}`} disabled={act.isPending} onClick={() => run(pair, 'dismiss')}>
                      Not a duplicate
                    </Button>
                  )}
                </HStack>
              </Stack>
            </HStack>
          </Box>
        ))}
      </Stack>
      <ConfirmDialog
        open={merging !== null}
        title="Merge requirements"
        message={
          merging
            ? `Merge ${merging.b.code} ${merging.b.title} into ${merging.a.code} ${merging.a.title}? Its sub-requirements, comments, tasks, gaps, risks, conflicts and attachments move to ${merging.a.code}; ${merging.b.code} is deleted (read-only, with its history) and the merge is recorded in both histories.`
            : ''
        }
        yesText="Merge"
        noText="Cancel"
        busy={act.isPending}
        onNo={() => setMerging(null)}
        onYes={() => merging && run(merging, 'merge')}
      />
    </Stack>
  );
}
