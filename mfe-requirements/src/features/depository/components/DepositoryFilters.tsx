// The depository's search, filters and order (both views).
import { Button, chakra, Flex, HStack, Input } from '@chakra-ui/react';
import { REQUIREMENT_PRIORITIES, REQUIREMENT_STATUSES, type RequirementPriority, type RequirementStatus } from '@portal/shared';
import { useEffect, useState } from 'react';
import type { RequirementFilters, SortField } from '../../requirement';
import { PRIORITY_LABELS, STATUS_LABELS } from '../../../components/labels';
import { Select } from '@portal/shared/screens';

const SORT_LABELS: Record<SortField, string> = {
  position: 'Tree order',
  code: 'Code',
  title: 'Title',
  priority: 'Priority',
  status: 'Status',
  progress: 'Progress',
  due_date: 'Due date',
  updated_at: 'Last update',
};

export interface DepositoryFiltersProps {
  filters: RequirementFilters;
  onChange: (next: RequirementFilters) => void;
  /** The signed-in user's id, for the owner filter 'Me'. */
  userId: string | undefined;
}

export function DepositoryFilters({ filters, onChange, userId }: DepositoryFiltersProps) {
  const [search, setSearch] = useState(filters.search ?? '');
  const [tag, setTag] = useState(filters.tag ?? '');
  // Typing is debounced: the server is asked once the user pauses.
  useEffect(() => {
    const timer = setTimeout(() => {
      const trimmed = search.trim();
      const tagged = tag.trim();
      if (trimmed !== (filters.search ?? '') || tagged !== (filters.tag ?? '')) onChange({ ...filters, search: trimmed, tag: tagged });
    }, 300);
    return () => clearTimeout(timer);
  }, [search, tag, filters, onChange]);

  const set = (patch: Partial<RequirementFilters>) => onChange({ ...filters, ...patch });

  return (
    <Flex gap={2} flexWrap="wrap" align="center" role="search" aria-label="Search requirements">
      <Input
        type="search"
        aria-label="Search"
        placeholder="Search code, title, description, source"
        value={search}
        onChange={(event) => setSearch(event.target.value)}
        size="sm"
        maxW="20rem"
      />
      <Select aria-label="Status" value={filters.status ?? ''} onChange={(event) => set({ status: event.target.value as RequirementStatus | '' })}>
        <option value="">Any status</option>
        {REQUIREMENT_STATUSES.map((status) => (
          <option key={status} value={status}>
            {STATUS_LABELS[status]}
          </option>
        ))}
      </Select>
      <Select
        aria-label="Priority"
        value={filters.priority ?? ''}
        onChange={(event) => set({ priority: event.target.value as RequirementPriority | '' })}
      >
        <option value="">Any priority</option>
        {REQUIREMENT_PRIORITIES.map((priority) => (
          <option key={priority} value={priority}>
            {PRIORITY_LABELS[priority]}
          </option>
        ))}
      </Select>
      <Input aria-label="Tag" placeholder="Tag" value={tag} onChange={(event) => setTag(event.target.value)} size="sm" maxW="9rem" />
      <Select aria-label="Owner" value={filters.owner ?? ''} onChange={(event) => set({ owner: event.target.value })}>
        <option value="">Any owner</option>
        {userId && <option value={userId}>Me</option>}
      </Select>
      <HStack gap={1}>
        <Select aria-label="Sort by" value={filters.sort ?? 'position'} onChange={(event) => set({ sort: event.target.value as SortField })}>
          {Object.entries(SORT_LABELS).map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </Select>
        <Button
          size="sm"
          variant="outline"
          aria-label={filters.order === 'desc' ? 'Descending order' : 'Ascending order'}
          onClick={() => set({ order: filters.order === 'desc' ? 'asc' : 'desc' })}
        >
          {filters.order === 'desc' ? '↓' : '↑'}
        </Button>
      </HStack>
      <chakra.label display="flex" alignItems="center" gap={1} fontSize="sm">
        <input
          type="checkbox"
          checked={filters.deleted === 'include'}
          onChange={(event) => set({ deleted: event.target.checked ? 'include' : 'exclude' })}
        />
        Show deleted
      </chakra.label>
    </Flex>
  );
}
