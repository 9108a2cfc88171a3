// The inbox's search (debounced: the list reads again when the user pauses) and filters: kind,
// state, due, requirement, assignee, and the order.
import { Button, chakra, Flex, HStack, Input, Stack } from '@chakra-ui/react';
import { TASK_SORT_FIELDS } from '@portal/shared/collaboration';
import { SelectField, useDebounced } from '@portal/shared/screens';
import { useEffect, useId, useRef, useState } from 'react';
import { COLLABORATION_PERMISSIONS as P } from '../../../lib/permissions';
import type { InboxFilters as Filters } from '../../../lib/queryKeys';
import { useAssignees } from '../api/getPeople';
import { useRequirement } from '../api/searchLinks';
import { requirementLabel, requirementMatches } from '../hooks/useLinkMatches';
import { ANY_STATUS, type InboxParam } from '../hooks/useInboxParams';
import { SORT_LABELS, STATUS_OPTIONS, TASK_KINDS, typeLabel } from './labels';
import { SearchPicker } from './SearchPicker';

export interface InboxFiltersProps {
  graph: string;
  filters: Filters;
  update: (changes: Partial<Record<InboxParam, string>>) => void;
}

/** The API's limit of the inbox search (docs/tasks-api.md). */
const SEARCH_MAX = 200;

const KIND_OPTIONS = TASK_KINDS.map((kind) => ({ value: kind, label: typeLabel(kind) }));
const DUE_OPTIONS = [
  { value: 'overdue', label: 'Overdue' },
  { value: 'week', label: 'Due this week' },
];
const SORT_OPTIONS = TASK_SORT_FIELDS.map((field) => ({ value: field, label: SORT_LABELS[field] }));

export function InboxFilters({ graph, filters, update }: InboxFiltersProps) {
  const searchId = useId();
  const [text, setText] = useState(filters.q ?? '');
  const settled = useDebounced(text.trim(), 300);
  // Only a newly settled text writes the address; the address's own changes do not loop back.
  const latest = useRef({ update, q: filters.q ?? '' });
  latest.current = { update, q: filters.q ?? '' };
  useEffect(() => {
    if (settled !== latest.current.q) latest.current.update({ q: settled });
  }, [settled]);
  const people = useAssignees(graph, P.VIEW_TASK);
  const requirement = useRequirement(graph, filters.requirement);
  const requirementChoice = filters.requirement
    ? { id: filters.requirement, label: requirement.data ? requirementLabel(requirement.data) : 'Loading…' }
    : null;
  const filtered = Boolean(filters.type || filters.due || filters.requirement || filters.assignee || filters.q || filters.status !== 'OPEN');

  return (
    <Stack as="section" aria-label="Search and filters" gap={3} mb={4}>
      <Stack gap={1.5}>
        <chakra.label htmlFor={searchId} fontSize="sm" fontWeight="medium">
          Search tasks
        </chakra.label>
        <Input
          id={searchId}
          type="search"
          size="sm"
          maxLength={SEARCH_MAX}
          placeholder="Title, description, comment, requirement code or title"
          value={text}
          onChange={(event) => setText(event.target.value)}
        />
      </Stack>
      <Flex gap={3} flexWrap="wrap" align="flex-end">
        <SelectField size="sm" label="Kind" value={filters.type ?? ''} emptyOption="Every kind" options={KIND_OPTIONS} onChange={(value) => update({ type: value })} />
        <SelectField
          size="sm"
          label="State"
          value={filters.status ?? ANY_STATUS}
          options={[...STATUS_OPTIONS, { value: ANY_STATUS, label: 'Any state' }]}
          onChange={(value) => update({ status: value === 'OPEN' ? '' : value })}
        />
        <SelectField size="sm" label="Due" value={filters.due ?? ''} emptyOption="Any due date" options={DUE_OPTIONS} onChange={(value) => update({ due: value })} />
        <SelectField
          size="sm"
          label="Assignee"
          value={filters.assignee ?? ''}
          emptyOption={people.isPending ? 'Loading people…' : 'Anyone'}
          options={(people.data ?? []).map((user) => ({ value: user.id, label: user.name }))}
          onChange={(value) => update({ assignee: value })}
        />
        <SelectField size="sm" label="Sort by" value={filters.sort ?? 'due_date'} options={SORT_OPTIONS} onChange={(value) => update({ sort: value })} />
        <Button
          size="sm"
          variant="outline"
          aria-label={filters.order === 'desc' ? 'Descending order; sort ascending' : 'Ascending order; sort descending'}
          onClick={() => update({ order: filters.order === 'desc' ? '' : 'desc' })}
        >
          {filters.order === 'desc' ? '↓ Descending' : '↑ Ascending'}
        </Button>
      </Flex>
      <HStack gap={3} align="flex-end" flexWrap="wrap">
        <SearchPicker
          label="Requirement"
          placeholder="Code or title"
          value={requirementChoice}
          useMatches={requirementMatches(graph)}
          onChange={(choice) => update({ requirement: choice?.id ?? '' })}
        />
        {filtered && (
          <Button
            size="sm"
            variant="ghost"
            onClick={() => {
              setText('');
              update({ type: '', status: '', due: '', requirement: '', assignee: '', q: '' });
            }}
          >
            Clear filters
          </Button>
        )}
      </HStack>
    </Stack>
  );
}
