import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import { Box, Button, Flex, Link as ChakraLink, Spinner, Stack, Text } from '@chakra-ui/react';
import { Link, useLocation } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { apiClient, SIDE_NAV_WIDTH, useSession } from '@portal/shared';
import { useAuthorizationState } from '../permissions/Authorization';
import { processLabel } from '../processes/processes';
import { activeEntryPath, sideNavigation, visibleNavigation, type NavEntry, type NavSection, type ReportedModule } from './navigation';
import { mayOpen } from './shellAccess';

const COLLAPSED_WIDTH = 56;
// Icons and flyouts: only once someone collapses the navigation.
const CollapsedNav = lazy(() => import(/* webpackChunkName: "collapsed-navigation" */ './CollapsedNav'));

function NavLink({ entry, active, indent }: { entry: NavEntry; active: boolean; indent: boolean }) {
  return (
    <ChakraLink
      asChild
      display="block"
      px={3}
      py={1.5}
      pl={indent ? 6 : 3}
      borderRadius="md"
      fontWeight={active ? 'semibold' : 'normal'}
      bg={active ? 'blue.subtle' : undefined}
      color={active ? 'blue.fg' : undefined}
      _hover={{ bg: 'bg.muted', textDecoration: 'none' }}
    >
      <Link to={entry.path + (entry.search ?? '')} aria-current={active ? 'page' : undefined}>
        {entry.label}
      </Link>
    </ChakraLink>
  );
}

export const MODULES_QUERY_KEY = ['side-navigation', 'modules'] as const;

/**
 * The service modules the API reports (GET modules), for the Operations entries; none while they
 * load, when the user may not list them, or when the call fails (the rest of the navigation stays).
 */
function useReportedModules(mayList: boolean, organizationId: string | null): readonly ReportedModule[] {
  const query = useQuery({
    queryKey: [...MODULES_QUERY_KEY, organizationId],
    queryFn: ({ signal }) => apiClient.get<ReportedModule[]>('modules', { notices: false, signal }),
    enabled: mayList && organizationId !== null,
    staleTime: 5 * 60_000,
    retry: false,
  });
  return mayList && Array.isArray(query.data) ? query.data : [];
}

/** The entries the user may open; none while permissions load; all when the session has no access control. */
function useVisibleNavigation(): NavSection[] | null {
  const authorizationState = useAuthorizationState();
  const poc = useSession((state) => state.session?.features?.poc === true);
  const organizationId = useSession((state) => state.session?.organization?.id ?? null);
  const mayList =
    authorizationState.status === 'ready' &&
    authorizationState.authorization.permits(authorizationState.authorization.evaluator.PERMISSIONS.operations.SERVICE_MODULE.LIST);
  const modules = useReportedModules(mayList, organizationId);
  return useMemo(() => {
    const sections = sideNavigation({ modules, poc });
    if (authorizationState.status === 'off') return sections;
    if (authorizationState.status !== 'ready') return null;
    const { authorization } = authorizationState;
    return visibleNavigation(
      sections,
      (entry) => mayOpen(authorization, entry.path, entry.permission),
    );
  }, [authorizationState, modules, poc]);
}

/** Narrower than this, the navigation starts collapsed (its user can still expand it). */
export const NARROW_SCREEN_PX = 768;

const NARROW_QUERY = `(max-width: ${NARROW_SCREEN_PX - 1}px)`;

function startsCollapsed(): boolean {
  return typeof window !== 'undefined' && typeof window.matchMedia === 'function' && window.matchMedia(NARROW_QUERY).matches;
}

/** The rail on a narrow screen, the list on a wide one, following the window (a phone turned, a window resized); the user's toggle holds until the next crossing. */
function useCollapsed(): [boolean, (update: (was: boolean) => boolean) => void] {
  const [collapsed, setCollapsed] = useState(startsCollapsed);
  useEffect(() => {
    if (typeof window.matchMedia !== 'function') return;
    const query = window.matchMedia(NARROW_QUERY);
    const onChange = () => setCollapsed(query.matches);
    query.addEventListener?.('change', onChange);
    return () => query.removeEventListener?.('change', onChange);
  }, []);
  return [collapsed, setCollapsed];
}

/**
 * Side navigation (spec 2.3): 250 px, collapsible, the current process's name on top, the
 * entries the user may open; the active entry follows the shared history. Collapsed, an icon per
 * section with its flyout (CollapsedNav).
 */
export function SideNav() {
  const { pathname, search } = useLocation();
  // On a phone the 250 px list would leave the page ~120 px: the rail is where it starts.
  const [collapsed, setCollapsed] = useCollapsed();
  const active = activeEntryPath(pathname);
  const sections = useVisibleNavigation();
  const process = useSession((state) => state.process);

  return (
    <Box
      as="nav"
      aria-label="Main navigation"
      width={`${collapsed ? COLLAPSED_WIDTH : SIDE_NAV_WIDTH}px`}
      flexShrink={0}
      borderRightWidth="1px"
      bg="bg.subtle"
      transition="width 0.15s"
      // Collapsed, the flyouts reach out of the rail.
      overflowY={collapsed ? 'visible' : 'auto'}
    >
      <Button
        size="xs"
        variant="ghost"
        m={2}
        aria-label={collapsed ? 'Expand navigation' : 'Collapse navigation'}
        aria-expanded={!collapsed}
        onClick={() => setCollapsed((c) => !c)}
      >
        {collapsed ? '»' : '«'}
      </Button>
      {collapsed ? null : process ? (
        <Text px={5} pb={2} fontWeight="semibold" truncate data-testid="nav-process-name" title={processLabel(process)}>
          {processLabel(process)}
        </Text>
      ) : (
        // The process's line is kept while the session's process is not known yet, so the entries
        // below do not move down when it comes (issue 26 item 21).
        <Box h="32px" aria-hidden="true" />
      )}
      {collapsed && sections ? (
        <Suspense fallback={null}>
          <CollapsedNav sections={sections} active={active} search={search} />
        </Suspense>
      ) : null}
      {!collapsed && !sections ? (
        <Flex px={5} py={2} gap={2} align="center" role="status">
          <Spinner size="xs" />
          <Text fontSize="sm">Loading navigation…</Text>
        </Flex>
      ) : null}
      {collapsed || !sections ? null : (
        <Stack as="ul" gap={0.5} px={2} pb={4} listStyleType="none">
          {sections.map((section) => (
            <li key={section.label}>
              {section.path ? (
                <NavLink entry={{ label: section.label, path: section.path }} active={active === section.path} indent={false} />
              ) : (
                <>
                  <Text px={3} pt={3} pb={1} fontSize="xs" fontWeight="bold" textTransform="uppercase" color="fg.muted">
                    {section.label}
                  </Text>
                  <Stack as="ul" gap={0.5} listStyleType="none">
                    {section.entries?.map((entry) => (
                      <li key={entry.path + (entry.search ?? '')}>
                        <NavLink entry={entry} active={active === entry.path && (!entry.search || entry.search === search)} indent />
                      </li>
                    ))}
                  </Stack>
                </>
              )}
            </li>
          ))}
        </Stack>
      )}
    </Box>
  );
}
