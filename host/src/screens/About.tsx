import { Text } from '@chakra-ui/react';
import { CLIENT_VERSION, PRODUCT_NAME, ScreenFrame, type RouteDefinition } from '@portal/shared';

export function About({ route }: { route: RouteDefinition }) {
  return (
    <ScreenFrame route={route}>
      <Text>
        {PRODUCT_NAME} {CLIENT_VERSION}: requirements, applications and their bills of materials, in one place.
      </Text>
    </ScreenFrame>
  );
}
