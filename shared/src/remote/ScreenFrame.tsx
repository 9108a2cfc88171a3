import { useEffect, type ReactNode } from 'react';
import { Box, Heading, Link as ChakraLink, Stack, Text } from '@chakra-ui/react';
import { Link, useParams } from 'react-router';
import { bus } from '../bus/bus';
import { ROUTES, type RouteDefinition } from '../navigation/routes';

export interface ScreenFrameProps {
  route: RouteDefinition;
  /** Title shown and reported to the host; defaults to the route's title. */
  title?: string;
  children?: ReactNode;
}

/**
 * The frame of every screen: its title (reported to the host for document.title) and the
 * screen's content; `data-owner` names the package that serves it (for tests and support tools,
 * not shown to users). Screens whose content has not been built yet show
 * their title and the neighbouring screens of the same area, so a route is never a blank page.
 */
export function ScreenFrame({ route, title, children }: ScreenFrameProps) {
  const params = useParams();
  // A screen of one object names it: "Application juice-shop".
  const shown = title ?? [route.title, ...Object.values(params)].join(' ');
  useEffect(() => {
    bus.emit('screen:title', { title: shown, owner: route.owner, path: route.path });
  }, [shown, route.owner, route.path]);

  return (
    <Box as="section" data-owner={route.owner} p={6}>
      <Heading as="h1" size="xl" mb={6}>
        {shown}
      </Heading>
      {children ?? <AreaLinks route={route} />}
    </Box>
  );
}

/** Links to the other screens of the same area (static routes of the same owner and prefix). */
function AreaLinks({ route }: { route: RouteDefinition }) {
  const prefix = '/' + route.path.split('/').filter(Boolean)[0];
  const neighbours = ROUTES.filter(
    (r) => r.owner === route.owner && r.path !== route.path && !r.path.includes(':') && r.path.startsWith(prefix),
  );
  if (neighbours.length === 0) return null;
  return (
    <Box as="nav" aria-label={`${route.title} area`}>
      <Text fontWeight="semibold" mb={2}>
        In this area
      </Text>
      <Stack as="ul" gap={1} listStyleType="none">
        {neighbours.map((r) => (
          <li key={r.path}>
            <ChakraLink asChild colorPalette="blue">
              <Link to={r.path}>{r.title}</Link>
            </ChakraLink>
          </li>
        ))}
      </Stack>
    </Box>
  );
}
