// Table cells of the org chart's tables (the preview of a file, the errors by line), on plain
// elements: Chakra's Table is not part of the portal's Chakra surface.
import { chakra } from '@chakra-ui/react';
import type { ReactNode } from 'react';

export function Header({ children }: { children: ReactNode }) {
  return (
    <chakra.th textAlign="start" px={2} py={1} borderBottomWidth="1px" fontWeight="semibold" whiteSpace="nowrap">
      {children}
    </chakra.th>
  );
}

export function Cell({ children }: { children: ReactNode }) {
  return (
    <chakra.td px={2} py={1} borderBottomWidth="1px" verticalAlign="top">
      {children}
    </chakra.td>
  );
}
