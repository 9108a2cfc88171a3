// A table cell of two lines cut to the column's width: what the row is (often a link), and a muted
// detail under it (an id, aliases, a purl).
import { Box, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';

export function TwoLineCell({ main, detail }: { main: ReactNode; detail?: ReactNode }) {
  return (
    <Box minW={0}>
      {main}
      {detail !== undefined && (
        <Text fontSize="xs" color="fg.muted" truncate>
          {detail}
        </Text>
      )}
    </Box>
  );
}
