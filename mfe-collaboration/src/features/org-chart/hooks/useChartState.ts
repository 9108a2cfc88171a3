// What the user does to the chart, shared by its drawing and its list: who is collapsed, who is
// chosen, the search's matches, and the request to centre a person (which opens their managers).
import { useMemo, useState } from 'react';
import type { FocusRequest } from '../components/OrgChartCanvas';
import { collapsedBelow, layoutOf } from '../utils/layout';
import { chainOf, searchPeople, type People } from '../utils/people';

/** A chart up to this size opens whole; a larger one opens OPEN_DEPTH levels deep. */
const OPEN_WHOLE = 300;
const OPEN_DEPTH = 2;

export function useChartState(people: People) {
  const [collapsed, setCollapsed] = useState<Set<number>>(() => (people.list.length <= OPEN_WHOLE ? new Set() : collapsedBelow(people, OPEN_DEPTH)));
  const [selected, setSelected] = useState<number | null>(null);
  const [focus, setFocus] = useState<FocusRequest | null>(null);
  const [query, setQuery] = useState('');
  const layout = useMemo(() => layoutOf(people, collapsed), [people, collapsed]);
  const results = useMemo(() => searchPeople(people, query), [people, query]);
  const matches = useMemo(() => new Set(results.map((person) => person.index)), [results]);

  const toggle = (index: number) =>
    setCollapsed((current) => {
      const next = new Set(current);
      if (next.has(index)) next.delete(index);
      else next.add(index);
      return next;
    });

  /** Chooses the person, opens their managers and centres them. */
  const centre = (index: number) => {
    const managers = chainOf(people, index).slice(0, -1);
    if (managers.some((manager) => collapsed.has(manager))) {
      setCollapsed((current) => {
        const next = new Set(current);
        for (const manager of managers) next.delete(manager);
        return next;
      });
    }
    setSelected(index);
    setFocus((current) => ({ index, nonce: (current?.nonce ?? 0) + 1 }));
  };

  return {
    layout,
    collapsed,
    selected,
    focus,
    query,
    results,
    matches,
    setQuery,
    setSelected,
    toggle,
    centre,
    expandAll: () => setCollapsed(new Set()),
    collapseAll: () => setCollapsed(collapsedBelow(people, 0)),
  };
}

export type ChartState = ReturnType<typeof useChartState>;
