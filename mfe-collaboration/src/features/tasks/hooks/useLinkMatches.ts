// The matches the pickers offer, as PickerChoice: requirements by code or title, findings by advisory id.
// Each factory gives a picker its `useMatches` hook for one process.
import { useMemo } from 'react';
import { useFindingSearch, useRequirementSearch, type FindingHit } from '../api/searchLinks';
import type { PickerChoice } from '../components/SearchPicker';

export const requirementLabel = (requirement: { code: string; title: string }) => `${requirement.code} ${requirement.title}`;

export function requirementMatches(graph: string) {
  return function useMatches(text: string) {
    const query = useRequirementSearch(graph, text);
    const data = useMemo(() => query.data?.items.map((item): PickerChoice => ({ id: item.id, label: requirementLabel(item) })), [query.data]);
    return { data, isFetching: query.isFetching, error: query.error };
  };
}

/** A finding hit as a picker's choice id (its own id is read once it is chosen: findingIdOf). */
export const findingChoiceId = (hit: FindingHit) => JSON.stringify([hit.app_key, hit.build_id, hit.vulnerability_id, hit.bom_ref]);

export function hitOfChoice(id: string): FindingHit {
  const [app_key, build_id, vulnerability_id, bom_ref] = JSON.parse(id) as string[];
  return { app_key: app_key!, build_id: build_id!, vulnerability_id: vulnerability_id!, bom_ref: bom_ref! };
}

/** Findings by advisory id in the latest builds of the process's apps, one per app and advisory. */
export function findingMatches(graph: string) {
  return function useMatches(text: string) {
    const query = useFindingSearch(graph, text);
    const data = useMemo(() => {
      const seen = new Map<string, PickerChoice>();
      for (const hit of query.data ?? []) {
        const label = `${hit.vulnerability_id} in ${hit.app_key}`;
        if (!seen.has(label)) seen.set(label, { id: findingChoiceId(hit), label: `${label} (${hit.name})` });
      }
      return query.data ? [...seen.values()] : undefined;
    }, [query.data]);
    return { data, isFetching: query.isFetching, error: query.error };
  };
}
