// /requirements, the Depository (issue 6 item 1): the process's requirements as a tree or a table,
// with search, filters and order; /requirements?id=<id> opens one beside the list. Add is offered
// to those who may create requirements only.
import { Box, Button, Flex, HStack, Text } from '@chakra-ui/react';
import { Empty, REQUIREMENT_STATUSES, ScreenFrame, usePermitted, useSession, type RequirementStatus, type ScreenComponent } from '@portal/shared';
import { useCallback, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useGraph } from '../../../lib/graph';
import { P } from '../../../lib/permissions';
import { RequirementDetailPanel, type RequirementFilters, type SortField } from '../../requirement';
import { DepositoryFilters } from './DepositoryFilters';
import { MyOpenTasks } from './MyOpenTasks';
import { RequirementTable } from './RequirementTable';
import { RequirementTree } from './RequirementTree';
import { NoProcessFrame } from '../../../components/NoProcessFrame';

export const ADD_REQUIREMENT_PATH = '/requirements/add-requirement';
type View = 'tree' | 'table';

const INITIAL_FILTERS: RequirementFilters = { sort: 'position', order: 'asc', deleted: 'exclude' };

function isFiltered(filters: RequirementFilters): boolean {
  return Boolean(filters.search || filters.status || filters.priority || filters.tag || filters.owner || filters.deleted === 'only');
}

export const DepositoryScreen: ScreenComponent = ({ route }) => {
  const graph = useGraph();
  const userId = useSession((state) => state.session?.user?.id);
  const mayCreate = usePermitted(P.CREATE_REQUIREMENT);
  const [params, setParams] = useSearchParams();
  const [view, setView] = useState<View>(params.get('view') === 'table' ? 'table' : 'tree');
  // A link may open the depository on one state (?status=, from /workflow's diagram).
  const [filters, setFilters] = useState<RequirementFilters>(() => {
    const status = params.get('status');
    return REQUIREMENT_STATUSES.some((known) => known === status) ? { ...INITIAL_FILTERS, status: status as RequirementStatus } : INITIAL_FILTERS;
  });

  const activeId = params.get('id') ?? undefined;
  const open = useCallback(
    (id: string) =>
      setParams((current) => {
        const next = new URLSearchParams(current);
        next.set('id', id);
        return next;
      }),
    [setParams],
  );
  const close = () =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      next.delete('id');
      return next;
    });
  const sortBy = (sort: SortField) =>
    setFilters((current) => ({ ...current, sort, order: current.sort === sort && current.order === 'asc' ? 'desc' : 'asc' }));

  const addButton = mayCreate && (
    <Button asChild colorPalette="brand" size="sm">
      <Link to={ADD_REQUIREMENT_PATH}>Add Requirement</Link>
    </Button>
  );

  const empty = isFiltered(filters) ? (
    <Empty title="No matching requirements" description="No requirement matches the search and filters." />
  ) : (
    <Empty
      title="No requirements yet"
      description={mayCreate ? 'Add the first requirement of the process with Add Requirement.' : 'The requirements of the process will be listed here.'}
    />
  );

  if (graph === undefined) return <NoProcessFrame route={route} description="Choose a process to see its requirements." />;

  return (
    <ScreenFrame route={route}>
      <Flex justify="space-between" align="center" gap={3} mb={3} flexWrap="wrap">
        <HStack gap={1} role="group" aria-label="View">
          <Button size="sm" variant={view === 'tree' ? 'solid' : 'outline'} aria-pressed={view === 'tree'} onClick={() => setView('tree')}>
            Tree
          </Button>
          <Button size="sm" variant={view === 'table' ? 'solid' : 'outline'} aria-pressed={view === 'table'} onClick={() => setView('table')}>
            Table
          </Button>
        </HStack>
        {addButton}
      </Flex>
      <MyOpenTasks graph={graph} />
      <Box mb={3}>
        <DepositoryFilters filters={filters} onChange={setFilters} userId={userId} />
      </Box>
      <Flex gap={4} align="flex-start" direction={{ base: 'column', xl: 'row' }}>
        <Box flex="1" minW={0} w="full">
          {view === 'table' ? (
            <RequirementTable graph={graph} filters={filters} activeId={activeId} onSort={sortBy} onOpen={open} empty={empty} />
          ) : (
            <RequirementTree key={JSON.stringify(filters)} graph={graph} filters={filters} activeId={activeId} onOpen={open} empty={empty} />
          )}
          {view === 'tree' && isFiltered(filters) && (
            <Text fontSize="xs" color="fg.muted" mt={1}>
              The tree applies the filters at every level; the table searches the whole process.
            </Text>
          )}
        </Box>
        {activeId && (
          <Box flex="1" minW={0} w="full" maxW={{ xl: '42rem' }}>
            <RequirementDetailPanel graph={graph} id={activeId} onClose={close} />
          </Box>
        )}
      </Flex>
    </ScreenFrame>
  );
};
