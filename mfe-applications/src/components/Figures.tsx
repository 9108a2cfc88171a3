// A row of labelled figures (counts of an import, of an analysis): a description list of boxes.
import { Box, chakra } from '@chakra-ui/react';

export function Figures({ label, figures }: { label: string; figures: ReadonlyArray<readonly [string, number]> }) {
  return (
    <chakra.dl display="grid" gridTemplateColumns="repeat(auto-fill, minmax(9rem, 1fr))" gap={2} aria-label={label}>
      {figures.map(([name, value]) => (
        <Box key={name} borderWidth="1px" borderRadius="md" px={3} py={2}>
          <chakra.dt fontSize="xs" color="fg.muted">
            {name}
          </chakra.dt>
          <chakra.dd fontSize="lg" fontWeight="semibold">
            {value.toLocaleString('en-US')}
          </chakra.dd>
        </Box>
      ))}
    </chakra.dl>
  );
}
