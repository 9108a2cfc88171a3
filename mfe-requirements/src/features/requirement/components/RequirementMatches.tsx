// What a requirement search found, under its search field (RequirementPicker, ParentChooser): the
// search's progress or failure, "No requirement matches.", or the matches as buttons to pick one.
import { Box, Button, chakra, Spinner, Text } from '@chakra-ui/react';
import type { RequirementRef } from '@portal/shared';

export interface RequirementMatchesProps {
  /** The search's state (useRequirementSearch). */
  matches: { isFetching: boolean; isError: boolean; isSuccess: boolean };
  /** The matches that may be picked. */
  items: readonly RequirementRef[];
  /** The list's accessible name. */
  label: string;
  /** A match's button's accessible name ('Choose AC-2 Account management'). */
  pickLabel: (item: RequirementRef) => string;
  onPick: (item: RequirementRef) => void;
}

export function RequirementMatches({ matches, items, label, pickLabel, onPick }: RequirementMatchesProps) {
  return (
    <Box width="full" mt={1}>
      {matches.isFetching && <Spinner size="xs" aria-label="Searching" />}
      {matches.isError && <Text fontSize="sm" color="fg.error">The requirements could not be searched.</Text>}
      {matches.isSuccess && items.length === 0 && <Text fontSize="sm" color="fg.muted">No requirement matches.</Text>}
      {items.length > 0 && (
        <chakra.ul listStyleType="none" aria-label={label} borderWidth="1px" borderRadius="md" maxH="12rem" overflowY="auto">
          {items.map((item) => (
            <li key={item.id}>
              <Button variant="ghost" size="sm" width="full" justifyContent="flex-start" aria-label={pickLabel(item)} onClick={() => onPick({ id: item.id, code: item.code, title: item.title })}>
                <Text as="span" fontWeight="semibold">
                  {item.code}
                </Text>
                <Text as="span" truncate>
                  {item.title}
                </Text>
              </Button>
            </li>
          ))}
        </chakra.ul>
      )}
    </Box>
  );
}
