// Chooses one requirement of the process: type to search (GET /api/requirements?search=…), pick
// one of the matches. The chosen one is shown with a way to choose again.
import { Button, Field, HStack, Input, Stack, Text } from '@chakra-ui/react';
import type { RequirementRef } from '@portal/shared';
import { useDebounced } from '@portal/shared/screens';
import { useState } from 'react';
import { useRequirementSearch } from '../api/searchRequirements';
import { RequirementMatches } from './RequirementMatches';

export interface RequirementPickerProps {
  graph: string;
  label: string;
  value: RequirementRef | null;
  onChange: (value: RequirementRef | null) => void;
  /** A requirement that may not be chosen (e.g. the other side of a conflict). */
  exclude?: string;
  error?: string;
}

export function RequirementPicker({ graph, label, value, onChange, exclude, error }: RequirementPickerProps) {
  const [text, setText] = useState('');
  const search = useDebounced(text.trim(), 250);
  const matches = useRequirementSearch(graph, search, value === null);

  if (value) {
    return (
      <Stack gap={1.5}>
        <Text fontSize="sm" fontWeight="medium">
          {label}
        </Text>
        <HStack justify="space-between" borderWidth="1px" borderRadius="md" px={3} py={2}>
          <Text fontSize="sm" data-testid="picked-requirement">
            {value.code} {value.title}
          </Text>
          <Button size="xs" variant="outline" aria-label={`Change ${label.toLowerCase()}`} onClick={() => onChange(null)}>
            Change
          </Button>
        </HStack>
      </Stack>
    );
  }

  const items = (matches.data?.items ?? []).filter((item) => item.id !== exclude);
  return (
    <Field.Root invalid={Boolean(error)} required>
      <Field.Label>{label}</Field.Label>
      <Input type="search" value={text} placeholder="Search by code or title" autoComplete="off" onChange={(event) => setText(event.target.value)} onKeyDown={(event) => event.key === 'Enter' && event.preventDefault()} />
      {error && <Field.ErrorText>{error}</Field.ErrorText>}
      {search !== '' && (
        <RequirementMatches
          matches={matches}
          items={items}
          label={`Matches for ${label.toLowerCase()}`}
          pickLabel={(item) => `Choose ${item.code} ${item.title}`}
          onPick={(item) => {
            onChange(item);
            setText('');
          }}
        />
      )}
    </Field.Root>
  );
}
