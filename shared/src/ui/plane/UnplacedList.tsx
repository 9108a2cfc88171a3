// The plane's side list of the items not placed yet, by code, with a search: each a button that
// places its item at its initial placement (or is dragged onto the plane by the board).
import { Box, Button, chakra, Heading, Input, Text } from '@chakra-ui/react';
import { useId, useMemo, useState, type RefObject } from 'react';
import { compareCodes } from '../../entities/requirement';
import type { PlaneItemView, PlaneWords } from './PriorityPlaneBoard';

export function UnplacedList<T>({ words, view, items, listRef, onPlace }: { words: PlaneWords; view: PlaneItemView<T>; items: readonly T[]; listRef: RefObject<HTMLUListElement | null>; onPlace: (item: T) => void }) {
  const headingId = useId();
  const [search, setSearch] = useState('');
  const sorted = useMemo(() => [...items].sort((a, b) => compareCodes(view.code(a), view.code(b))), [items, view]);
  const needle = search.trim().toLowerCase();
  const shown = needle === '' ? sorted : sorted.filter((item) => view.name(item).toLowerCase().includes(needle));
  return (
    <Box as="aside" minW={{ md: '16rem' }} maxW={{ md: '18rem' }} width="full" aria-labelledby={headingId}>
      <Heading as="h2" size="sm" id={headingId} mb={2}>
        Unplaced {words.many} ({items.length})
      </Heading>
      {items.length === 0 ? (
        <Text fontSize="sm" color="fg.muted">
          Every {words.one} is on the plane.
        </Text>
      ) : (
        <>
          <Text fontSize="xs" color="fg.muted" mb={2}>
            {words.listHint}
          </Text>
          <Input
            type="search"
            size="sm"
            mb={2}
            value={search}
            placeholder="Search by code or name"
            aria-label={`Search unplaced ${words.many}`}
            onChange={(event) => setSearch(event.target.value)}
          />
          {shown.length === 0 && (
            <Text fontSize="sm" color="fg.muted">
              No unplaced {words.one} matches.
            </Text>
          )}
          <chakra.ul ref={listRef} listStyleType="none" aria-label={`Unplaced ${words.many}`} maxH="28rem" overflowY="auto">
            {shown.map((item) => (
              <li key={view.id(item)}>
                <Button
                  data-drag-id={view.id(item)}
                  variant="outline"
                  size="sm"
                  width="full"
                  justifyContent="flex-start"
                  mb={1}
                  touchAction="none"
                  cursor="grab"
                  title={view.listTitle?.(item)}
                  onClick={() => onPlace(item)}
                >
                  {/* Named by what it shows (WCAG 2.5.3), "Place" said to screen readers only. */}
                  <chakra.span srOnly>Place </chakra.span>
                  {view.listItem(item)}
                </Button>
              </li>
            ))}
          </chakra.ul>
        </>
      )}
    </Box>
  );
}
