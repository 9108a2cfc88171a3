// The new-version banner (spec 8): 'New {product} version {v} is available.' with UPDATE Now,
// which reloads the page. Shown once the app-version check answers a version other than the
// one this page was loaded with.
import { useEffect } from 'react';
import { Button, Flex, Text } from '@chakra-ui/react';
import { PRODUCT_NAME } from '@portal/shared';
import { startVersionCheck, useVersionState } from './versionCheck';

export function newVersionMessage(version: string): string {
  return `New ${PRODUCT_NAME} version ${version} is available.`;
}

/** Reloads the page (a function of its own so tests can observe it: jsdom cannot reload). */
export const reloadPage = { run: () => window.location.reload() };

export function NewVersionBanner() {
  useEffect(() => startVersionCheck(), []);
  const { loaded, latest } = useVersionState();
  if (!loaded || !latest || loaded === latest) return null;
  return (
    <Flex role="status" align="center" justify="center" gap={3} px={4} py={2} bg="blue.subtle" color="blue.fg" data-testid="new-version-banner">
      <Text fontSize="sm">{newVersionMessage(latest)}</Text>
      <Button size="xs" colorPalette="blue" onClick={() => reloadPage.run()}>
        UPDATE Now
      </Button>
    </Flex>
  );
}
