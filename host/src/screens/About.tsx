import { Button, Text } from '@chakra-ui/react';
import { CLIENT_VERSION, PRODUCT_NAME, ScreenFrame, usePermitted, type RouteDefinition } from '@portal/shared';
import { lazy, Suspense, useState } from 'react';

// Loaded when opened: neither the host's first load nor an About read without it carries it.
const AboutDiagnostics = lazy(() => import(/* webpackChunkName: "about-diagnostics" */ './AboutDiagnostics'));

/** Who may open the diagnostics: those who may open Administration (PERMISSIONS.administration.ADMINISTRATOR). */
const ADMINISTRATOR = 'access=>Administration';

export function About({ route }: { route: RouteDefinition }) {
  const administrator = usePermitted(ADMINISTRATOR);
  const [diagnostics, setDiagnostics] = useState(false);
  return (
    <ScreenFrame route={route}>
      <Text>
        {PRODUCT_NAME} {CLIENT_VERSION}: requirements, applications and their bills of materials, in one place.
      </Text>
      {administrator && (
        <Button mt={4} size="sm" variant="outline" aria-expanded={diagnostics} onClick={() => setDiagnostics((open) => !open)}>
          {diagnostics ? 'Hide diagnostics' : 'Show diagnostics'}
        </Button>
      )}
      {administrator && diagnostics && (
        <Suspense fallback={<Text mt={4}>Loading the diagnostics…</Text>}>
          <AboutDiagnostics />
        </Suspense>
      )}
    </ScreenFrame>
  );
}
