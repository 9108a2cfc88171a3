import { lazy, Suspense } from 'react';
import { Flex, Spinner, Text } from '@chakra-ui/react';
import { ScreenFrame, type RouteDefinition } from '@portal/shared';
import { About } from './About';
import { Logout } from './Logout';

// Not part of the first load: most sessions never open it.
const ContactUs = lazy(() => import(/* webpackChunkName: "contact-us" */ '../support/ContactUs'));
// Only sessions with the poc feature flag reach these (ContentOutlet).
const PocScreen = lazy(() => import(/* webpackChunkName: "poc" */ '../poc/PocScreen'));

/** Screens the host serves itself (About, support, POC); the others arrive with their issues. */
export function HostScreen({ route }: { route: RouteDefinition }) {
  if (route.path === '/about') return <About route={route} />;
  if (route.path === '/support/logout') return <Logout />;
  const OnDemand = route.path === '/support/contactUs' ? ContactUs : route.path.startsWith('/poc') ? PocScreen : null;
  if (OnDemand) {
    return (
      <Suspense
        fallback={
          <Flex p={8} gap={3} align="center" role="status">
            <Spinner size="sm" />
            <Text>Loading {route.title}…</Text>
          </Flex>
        }
      >
        <OnDemand route={route} />
      </Suspense>
    );
  }
  return <ScreenFrame route={route} />;
}
