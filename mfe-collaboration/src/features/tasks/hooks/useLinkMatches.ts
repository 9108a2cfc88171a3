// The matches the pickers offer, as PickerChoice: requirements by code or title, findings by advisory id.
// Each factory gives a picker its `useMatches` hook for one process.
import { useMemo } from 'react';
import { useFindingSearch, useRequirementSearch } from '../api/searchLinks';
import type { PickerChoice } from '../components/SearchPicker';

export const requirementLabel = (requirement: { code: string; title: string }) => `${requirement.code} ${requirement.title}`;

export function requirementMatches(graph: string) {
  return function useMatches(text: string) {
    const query = useRequirementSearch(graph, text);
    const data = useMemo(() => query.data?.items.map((item): PickerChoice => ({ id: item.id, label: requirementLabel(item) })), [query.data]);
    return { data, isFetching: query.isFetching, error: query.error };
  };
}

/**
 * Findings by advisory id in the latest builds of the process's apps. The search answers no
 * finding id of its own: a finding is named by its advisory id (what TaskLink's label shows).
 */
export function findingMatches(graph: string) {
  return function useMatches(text: string) {
    const query = useFindingSearch(graph, text);
    const data = useMemo(() => {
      const seen = new Map<string, PickerChoice>();
      for (const hit of query.data ?? []) {
        if (!seen.has(hit.vulnerability_id)) seen.set(hit.vulnerability_id, { id: hit.vulnerability_id, label: `${hit.vulnerability_id} (${hit.app_key})` });
      }
      return query.data ? [...seen.values()] : undefined;
    }, [query.data]);
    return { data, isFetching: query.isFetching, error: query.error };
  };
}
