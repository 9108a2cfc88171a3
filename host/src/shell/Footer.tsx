// The footer (spec 2.3): company, copyright with the current year, trademark line.
import { Box, Text } from '@chakra-ui/react';
import { PRODUCT_NAME } from '@portal/shared';

/** The company behind the product (shared/src/product.ts names only the product). */
export const COMPANY_NAME = 'Security Portal Project';

export function Footer({ now = () => new Date() }: { now?: () => Date }) {
  const year = now().getFullYear();
  return (
    <Box as="footer" flexShrink={0} px={4} py={3} borderTopWidth="1px" fontSize="xs" color="fg.muted" data-testid="footer">
      <Text>
        {COMPANY_NAME} · © {year} {COMPANY_NAME}. All rights reserved.
      </Text>
      <Text>
        {PRODUCT_NAME} is a trademark of the {COMPANY_NAME}.
      </Text>
    </Box>
  );
}
