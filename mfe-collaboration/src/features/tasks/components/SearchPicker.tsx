// A picker that finds what it offers by typing (requirements by code or title, findings by advisory
// id): the matches are buttons below the field; the chosen one shows with a Clear button.
import { Box, Button, chakra, HStack, Input, Stack, Text } from '@chakra-ui/react';
import { useDebounced } from '@portal/shared/screens';
import { useId, useState } from 'react';

export interface PickerChoice {
  id: string;
  label: string;
}

export interface SearchPickerProps {
  label: string;
  value: PickerChoice | null;
  onChange: (choice: PickerChoice | null) => void;
  /** The matches of a (debounced) text, as the picker's query reads them. */
  useMatches: (text: string) => { data: PickerChoice[] | undefined; isFetching: boolean; error: unknown };
  placeholder?: string;
}

export function SearchPicker({ label, value, onChange, useMatches, placeholder }: SearchPickerProps) {
  const id = useId();
  const [text, setText] = useState('');
  const search = useDebounced(text.trim(), 300);
  const matches = useMatches(search);
  if (value) {
    return (
      <Stack gap={1.5}>
        <Text fontSize="sm" fontWeight="medium" id={id}>
          {label}
        </Text>
        <HStack gap={2} aria-labelledby={id} role="group">
          <Text fontSize="sm">{value.label}</Text>
          <Button size="xs" variant="outline" onClick={() => onChange(null)} aria-label={`Clear ${label.toLowerCase()}`}>
            Clear
          </Button>
        </HStack>
      </Stack>
    );
  }
  const list = search === '' ? [] : (matches.data ?? []);
  return (
    <Stack gap={1.5}>
      <chakra.label fontSize="sm" fontWeight="medium" htmlFor={id}>
        {label}
      </chakra.label>
      <Input
        id={id}
        size="sm"
        type="search"
        autoComplete="off"
        placeholder={placeholder}
        value={text}
        onChange={(event) => setText(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Enter') event.preventDefault();
        }}
      />
      {search !== '' && (
        <Box role="group" aria-label={`${label} matches`}>
          {matches.isFetching && list.length === 0 ? (
            <Text fontSize="sm" color="fg.muted">
              Searching…
            </Text>
          ) : matches.error ? (
            <Text fontSize="sm" color="fg.error">
              The search failed.
            </Text>
          ) : list.length === 0 ? (
            <Text fontSize="sm" color="fg.muted">
              Nothing matches “{search}”.
            </Text>
          ) : (
            <Stack gap={1} align="flex-start">
              {list.map((choice) => (
                <Button key={choice.id} size="xs" variant="ghost" onClick={() => onChange(choice)}>
                  {choice.label}
                </Button>
              ))}
            </Stack>
          )}
        </Box>
      )}
    </Stack>
  );
}
