import { Flex, Spinner, Text } from '@chakra-ui/react';

/** A loading state in the content area: a spinner and what is being waited for. */
export function Pending({ children }: { children: string }) {
  return (
    <Flex p={8} align="center" gap={3} role="status">
      <Spinner size="sm" />
      <Text>{children}</Text>
    </Flex>
  );
}
