// The chart as the screens use it: people from the API's tuples, the children of each, the tops
// (people without a manager), each person's chain up to the top, and initials for the photo.
import type { OrgChart, OrgChartPersonTuple } from '@portal/shared/collaboration';

export interface ChartPerson {
  /** Position in the chart's order. */
  index: number;
  id: string;
  name: string;
  title: string;
  managerId: string | null;
  email: string | null;
  department: string;
  /** The linked portal user (by email), if any. */
  userId: string | null;
  loginId: string | null;
}

export interface People {
  list: ChartPerson[];
  byId: Map<string, ChartPerson>;
  /** Direct reports of each person's index, in the chart's order. */
  children: number[][];
  /** People without a manager (or whose manager is not in the chart). */
  tops: number[];
}

const personOf = (tuple: OrgChartPersonTuple, index: number): ChartPerson => {
  const [id, name, title, managerId, email, department, userId, loginId] = tuple;
  return { index, id, name, title, managerId, email, department, userId, loginId };
};

export function peopleOf(chart: OrgChart): People {
  const list = chart.people.map(personOf);
  const byId = new Map(list.map((person) => [person.id, person]));
  const children: number[][] = list.map(() => []);
  const tops: number[] = [];
  for (const person of list) {
    const manager = person.managerId === null ? undefined : byId.get(person.managerId);
    if (manager && manager !== person) children[manager.index].push(person.index);
    else tops.push(person.index);
  }
  return { list, byId, children, tops };
}

/** The indexes from the top down to `index` (the person included). */
export function chainOf(people: People, index: number): number[] {
  const chain: number[] = [];
  const seen = new Set<number>();
  let current: ChartPerson | undefined = people.list[index];
  while (current && !seen.has(current.index)) {
    seen.add(current.index);
    chain.unshift(current.index);
    current = current.managerId === null ? undefined : people.byId.get(current.managerId);
  }
  return chain;
}

/** Up to two initials of a name: the photo of a person. */
export function initialsOf(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return '?';
  const first = [...words[0]][0] ?? '';
  const last = words.length > 1 ? ([...words[words.length - 1]][0] ?? '') : '';
  return (first + last).toUpperCase();
}

/** People whose name, title, id, email or department contains `text` (case-insensitive), at most `limit`. */
export function searchPeople(people: People, text: string, limit = 20): ChartPerson[] {
  const needle = text.trim().toLowerCase();
  if (needle === '') return [];
  const found: ChartPerson[] = [];
  for (const person of people.list) {
    const haystack = `${person.name}\n${person.title}\n${person.id}\n${person.email ?? ''}\n${person.department}`.toLowerCase();
    if (haystack.includes(needle)) found.push(person);
    if (found.length >= limit) break;
  }
  return found;
}
