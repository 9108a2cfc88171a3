import { ScreenFrame, type RouteDefinition } from '@portal/shared';
import { About } from './About';
import { Logout } from './Logout';

/** Screens the host serves itself (About, support, POC); the others arrive with their issues. */
export function HostScreen({ route }: { route: RouteDefinition }) {
  if (route.path === '/about') return <About route={route} />;
  if (route.path === '/support/logout') return <Logout />;
  return <ScreenFrame route={route} />;
}
