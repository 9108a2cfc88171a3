// The snippet of a code finding, numbered from the region's first line, the region's lines
// highlighted (a <mark>, announced as such).
import { Box, chakra } from '@chakra-ui/react';
import type { FindingRegion } from '@portal/shared/operations';

export function SnippetView({ snippet, region }: { snippet: string; region: FindingRegion | null }) {
  const first = region?.startLine ?? 1;
  const last = region?.endLine ?? first;
  const lines = snippet.replace(/\n$/, '').split('\n');
  return (
    <Box as="figure" aria-label="Snippet" borderWidth="1px" borderRadius="md" overflowX="auto" fontFamily="mono" fontSize="xs" bg="bg.subtle">
      <chakra.pre m={0} p={2}>
        {lines.map((line, index) => {
          const number = first + index;
          const inRegion = region?.startLine != null && number >= first && number <= last;
          return (
            <chakra.div key={index} display="flex" gap={3}>
              <chakra.span color="fg.muted" userSelect="none" minW="3ch" textAlign="end" aria-hidden>
                {number}
              </chakra.span>
              {inRegion ? (
                <chakra.mark bg="yellow.200" color="inherit" data-testid="snippet-region">
                  {line}
                </chakra.mark>
              ) : (
                <chakra.span>{line}</chakra.span>
              )}
            </chakra.div>
          );
        })}
      </chakra.pre>
    </Box>
  );
}
