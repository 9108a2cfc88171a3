// The chart as a tree the keyboard walks (WAI-ARIA tree pattern): the same people, collapsed
// managers and chosen person as the drawing. One item takes the focus (roving tabindex): Up/Down
// move, Right opens or goes to the first report, Left closes or goes to the manager, Home/End,
// Enter chooses and centres the person in the drawing.
import { Box, chakra, Text } from '@chakra-ui/react';
import { useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import type { ChartState } from '../hooks/useChartState';
import type { People } from '../utils/people';

interface Row {
  index: number;
  level: number;
}

/** The people shown, depth first: tops, then each one's reports under them unless collapsed. */
function rowsOf(people: People, collapsed: ReadonlySet<number>): Row[] {
  const rows: Row[] = [];
  const stack: Row[] = [...people.tops].reverse().map((index) => ({ index, level: 1 }));
  while (stack.length > 0) {
    const row = stack.pop()!;
    rows.push(row);
    if (collapsed.has(row.index)) continue;
    const reports = people.children[row.index];
    for (let i = reports.length - 1; i >= 0; i -= 1) stack.push({ index: reports[i], level: row.level + 1 });
  }
  return rows;
}

export interface OrgChartListProps {
  people: People;
  state: ChartState;
}

export function OrgChartList({ people, state }: OrgChartListProps) {
  const rows = useMemo(() => rowsOf(people, state.collapsed), [people, state.collapsed]);
  const [active, setActive] = useState<number>(() => state.selected ?? rows[0]?.index ?? 0);
  const listRef = useRef<HTMLUListElement>(null);
  const position = rows.findIndex((row) => row.index === active);
  const current = position >= 0 ? position : 0;

  // The focus follows the active item once the user walks the tree.
  const walking = useRef(false);
  useEffect(() => {
    if (!walking.current) return;
    listRef.current?.querySelector<HTMLElement>(`[data-index="${rows[current]?.index}"]`)?.focus();
  }, [current, rows]);

  const onKeyDown = (event: KeyboardEvent<HTMLUListElement>) => {
    const row = rows[current];
    if (!row) return;
    const hasReports = people.children[row.index].length > 0;
    const open = hasReports && !state.collapsed.has(row.index);
    const go = (next: number | undefined) => next !== undefined && setActive(next);
    const keys: Record<string, () => void> = {
      ArrowDown: () => go(rows[Math.min(rows.length - 1, current + 1)]?.index),
      ArrowUp: () => go(rows[Math.max(0, current - 1)]?.index),
      Home: () => go(rows[0]?.index),
      End: () => go(rows[rows.length - 1]?.index),
      ArrowRight: () => (open ? go(people.children[row.index][0]) : hasReports && state.toggle(row.index)),
      ArrowLeft: () => {
        if (open) state.toggle(row.index);
        else go(people.list[row.index].managerId === null ? undefined : people.byId.get(people.list[row.index].managerId!)?.index);
      },
      Enter: () => state.centre(row.index),
      ' ': () => state.centre(row.index),
    };
    const action = keys[event.key];
    if (!action) return;
    event.preventDefault();
    walking.current = true;
    action();
  };

  return (
    <Box borderWidth="1px" borderRadius="md" maxH="640px" overflowY="auto" p={2}>
      <chakra.ul ref={listRef} role="tree" aria-label="People of the organization chart" onKeyDown={onKeyDown} listStyleType="none" m={0} p={0}>
        {rows.map((row, position) => {
          const person = people.list[row.index];
          const reports = people.children[row.index].length;
          return (
            <chakra.li
              key={row.index}
              role="treeitem"
              data-index={row.index}
              aria-level={row.level}
              aria-expanded={reports > 0 ? !state.collapsed.has(row.index) : undefined}
              aria-selected={state.selected === row.index}
              tabIndex={position === current ? 0 : -1}
              onClick={() => {
                setActive(row.index);
                state.centre(row.index);
              }}
              ps={`${(row.level - 1) * 20 + 8}px`}
              py={1}
              borderRadius="sm"
              bg={state.selected === row.index ? 'blue.subtle' : state.matches.has(row.index) ? 'yellow.subtle' : undefined}
              _focusVisible={{ outline: '2px solid', outlineColor: 'blue.solid' }}
              cursor="pointer"
            >
              <Text as="span" fontWeight="semibold">
                {person.name}
              </Text>
              <Text as="span" color="fg.muted">
                {person.title ? `, ${person.title}` : ''}
                {reports > 0 ? ` (${reports} ${reports === 1 ? 'report' : 'reports'})` : ''}
                {person.loginId ? ` — portal user ${person.loginId}` : ''}
              </Text>
            </chakra.li>
          );
        })}
      </chakra.ul>
    </Box>
  );
}
