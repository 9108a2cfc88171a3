// Chooses one requirement of the process: type to search (GET /api/requirements?search=…), pick
// one of the matches. The chosen one is shown with a way to choose again.
import { Box, Button, chakra, Field, HStack, Input, Spinner, Stack, Text } from '@chakra-ui/react';
import type { RequirementRef } from '@portal/shared';
import { useDebounced } from '@portal/shared/screens';
import { useState } from 'react';
import { useRequirementSearch } from '../api/searchRequirements';

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
        <Box width="full" mt={1}>
          {matches.isFetching && <Spinner size="xs" aria-label="Searching" />}
          {matches.isError && <Text fontSize="sm" color="fg.error">The requirements could not be searched.</Text>}
          {matches.isSuccess && items.length === 0 && <Text fontSize="sm" color="fg.muted">No requirement matches.</Text>}
          {items.length > 0 && (
            <chakra.ul listStyleType="none" aria-label={`Matches for ${label.toLowerCase()}`} borderWidth="1px" borderRadius="md" maxH="12rem" overflowY="auto">
              {items.map((item) => (
                <li key={item.id}>
                  <Button
                    variant="ghost"
                    size="sm"
                    width="full"
                    justifyContent="flex-start"
                    aria-label={`Choose ${item.code} ${item.title}`}
                    onClick={() => {
                      onChange({ id: item.id, code: item.code, title: item.title });
                      setText('');
                    }}
                  >
                    <Text as="span" fontWeight="semibold">{item.code}</Text>
                    <Text as="span" truncate>{item.title}</Text>
                  </Button>
                </li>
              ))}
            </chakra.ul>
          )}
        </Box>
      )}
    </Field.Root>
  );
}
