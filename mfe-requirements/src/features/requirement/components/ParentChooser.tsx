// Chooses where a requirement goes in the tree (Modify's Parent field, the depository's Move to…):
// the top level, or a requirement of the process found by code or title (GET requirements?search).
// The requirement itself is not offered; one of its sub-requirements is refused by the API with
// its message.
import { Box, Button, HStack, Input, Text } from '@chakra-ui/react';
import type { RequirementRef } from '@portal/shared';
import { useDebounced } from '@portal/shared/screens';
import { useState } from 'react';
import { useRequirementSearch } from '../api/searchRequirements';
import { RequirementMatches } from './RequirementMatches';

export interface ParentChooserProps {
  graph: string;
  /** The search input's id (the label's `htmlFor`). */
  id: string;
  /** null: the top level. */
  value: RequirementRef | null;
  onChange: (value: RequirementRef | null) => void;
  /** The requirement being placed: never offered as its own parent. */
  exclude: string;
  onFocus?: () => void;
  onBlur?: () => void;
  disabled?: boolean;
  invalid?: boolean;
}

export function ParentChooser({ graph, id, value, onChange, exclude, onFocus, onBlur, disabled, invalid }: ParentChooserProps) {
  const [text, setText] = useState('');
  const search = useDebounced(text.trim(), 250);
  const matches = useRequirementSearch(graph, search, true);
  const items = (matches.data?.items ?? []).filter((item) => item.id !== exclude && item.id !== value?.id && !item.deleted_at);

  return (
    <Box width="full">
      <HStack justify="space-between" borderWidth="1px" borderRadius="md" px={3} py={2} mb={2} gap={2}>
        <Text fontSize="sm" data-testid="chosen-parent">
          {value ? (
            <>
              Under{' '}
              <Text as="span" fontWeight="semibold">
                {value.code}
              </Text>{' '}
              {value.title}
            </>
          ) : (
            'At the top level'
          )}
        </Text>
        {value && (
          <Button size="xs" variant="outline" disabled={disabled} onClick={() => onChange(null)}>
            Move to the top level
          </Button>
        )}
      </HStack>
      <Input
        id={id}
        type="search"
        value={text}
        placeholder="Search another parent by code or title"
        autoComplete="off"
        disabled={disabled}
        aria-invalid={invalid || undefined}
        onFocus={onFocus}
        onBlur={onBlur}
        onChange={(event) => setText(event.target.value)}
        onKeyDown={(event) => event.key === 'Enter' && event.preventDefault()}
      />
      {search !== '' && (
        <RequirementMatches
          matches={matches}
          items={items}
          label="Parents matching the search"
          pickLabel={(item) => `Place under ${item.code} ${item.title}`}
          onPick={(item) => {
            onChange(item);
            setText('');
          }}
        />
      )}
    </Box>
  );
}
