// The filter form both tabs of /security/sbom share: a debounced search, a severity, what the tab
// may add (Components: an application), a sort and its order. A sort opens in its natural order:
// names A to Z, counts and dates most first.
import { Box, HStack } from '@chakra-ui/react';
import type { VulnerabilitySeverity } from '@portal/shared';
import { SelectField, TextField, useDebounced } from '@portal/shared/screens';
import { useState, type ReactNode } from 'react';
import { SEVERITY_LABELS, SEVERITY_ORDER } from '../labels';

type Order = 'asc' | 'desc';

export interface SbomFilter<S extends string> {
  text: string;
  setText: (text: string) => void;
  /** The search as sent: debounced and trimmed. */
  search: string;
  severity: VulnerabilitySeverity | '';
  setSeverity: (severity: VulnerabilitySeverity | '') => void;
  sort: S;
  /** Sets the sort and its opening order. */
  setSort: (sort: S) => void;
  order: Order;
  setOrder: (order: Order) => void;
}

const openingOrder = (sort: string): Order => (sort === 'name' ? 'asc' : 'desc');

export function useSbomFilter<S extends string>(initialSort: S): SbomFilter<S> {
  const [text, setText] = useState('');
  const [severity, setSeverity] = useState<VulnerabilitySeverity | ''>('');
  const [sort, setSortOnly] = useState<S>(initialSort);
  const [order, setOrder] = useState<Order>(openingOrder(initialSort));
  const search = useDebounced(text).trim();
  const setSort = (next: S) => {
    setSortOnly(next);
    setOrder(openingOrder(next));
  };
  return { text, setText, search, severity, setSeverity, sort, setSort, order, setOrder };
}

export interface SbomFilterFormProps<S extends string> {
  /** The form's accessible name ('Filter applications'). */
  label: string;
  placeholder: string;
  filter: SbomFilter<S>;
  sorts: readonly S[];
  sortLabels: Record<S, string>;
  /** The two orders' words for a sort. */
  orderLabels: (sort: S) => Record<Order, string>;
  /** Fields between the severity and the sort. */
  children?: ReactNode;
}

export function SbomFilterForm<S extends string>({ label, placeholder, filter, sorts, sortLabels, orderLabels, children }: SbomFilterFormProps<S>) {
  const words = orderLabels(filter.sort);
  return (
    <HStack as="form" role="search" aria-label={label} gap={3} align="flex-end" flexWrap="wrap" onSubmit={(event) => event.preventDefault()}>
      <Box w="16rem">
        <TextField label="Search" type="search" value={filter.text} onChange={filter.setText} placeholder={placeholder} enterDoesNotSubmit />
      </Box>
      <SelectField
        label="Severity"
        size="sm"
        value={filter.severity}
        onChange={(value) => filter.setSeverity(value as VulnerabilitySeverity | '')}
        emptyOption="All severities"
        options={SEVERITY_ORDER.map((value) => ({ value, label: SEVERITY_LABELS[value] }))}
      />
      {children}
      <SelectField label="Sort by" size="sm" value={filter.sort} onChange={(value) => filter.setSort(value as S)} options={sorts.map((value) => ({ value, label: sortLabels[value] }))} />
      <SelectField
        label="Order"
        size="sm"
        value={filter.order}
        onChange={(value) => filter.setOrder(value as Order)}
        options={[
          { value: 'desc', label: words.desc },
          { value: 'asc', label: words.asc },
        ]}
      />
    </HStack>
  );
}
