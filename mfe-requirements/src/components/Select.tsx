// A native select styled like the portal's inputs (Chakra's Select is not part of the portal's
// Chakra surface); labelled by a <label for> or `aria-label`.
import { chakra } from '@chakra-ui/react';
import type { ComponentProps } from 'react';

export function NativeSelect(props: ComponentProps<typeof chakra.select>) {
  return <chakra.select h={9} px={2} borderWidth="1px" borderRadius="l2" bg="bg" fontSize="sm" {...props} />;
}
