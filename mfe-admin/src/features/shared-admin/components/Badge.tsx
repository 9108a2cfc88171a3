// A small status label (Active / Inactive); Chakra's Badge is not part of the federation surface.
import { chakra } from '@chakra-ui/react';
import type { ReactNode } from 'react';

export function Badge({ tone, children }: { tone: 'good' | 'muted'; children: ReactNode }) {
  return (
    <chakra.span
      display="inline-block"
      px={2}
      py={0.5}
      borderRadius="full"
      fontSize="xs"
      fontWeight="medium"
      bg={tone === 'good' ? 'green.subtle' : 'gray.subtle'}
      color={tone === 'good' ? 'green.fg' : 'fg.muted'}
    >
      {children}
    </chakra.span>
  );
}
