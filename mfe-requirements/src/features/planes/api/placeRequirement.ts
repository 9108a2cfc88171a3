// PUT requirements/{id}/plane: a requirement's place on the priority plane, or (x and y null) off
// it. The plane moves at once in the cache; the PUT follows, and a refusal reads the plane again.
import { apiClient, problemText, showSnackbar, type PlanePlacement } from '@portal/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { P } from '../../../lib/permissions';
import type { PlanePoint, Planes } from '../../../types/analysis';
import type { Placement } from '../placement';
import { PLANE_KEYS } from './keys';

export type PlaneRef = Planes['unplaced'][number] | PlanePoint['requirement'];

// Removal sends nulls, which the client would drop from an object body: sent as JSON text.
export const placeRequirement = (graph: string, id: string, placement: Placement | null) =>
  apiClient.put<PlanePoint>(`requirements/${encodeURIComponent(id)}/plane`, placement ?? JSON.stringify({ x: null, y: null } satisfies PlanePlacement), {
    graph,
    permission: P.UPDATE_REQUIREMENT,
    headers: placement ? undefined : { 'Content-Type': 'application/json' },
  });

/** Moves a requirement to `placement` in the cached planes (before the answer of the PUT). */
export function placeInCache(planes: Planes, ref: PlaneRef, placement: Placement): Planes {
  const existing = planes.placed.find((point) => point.requirement.id === ref.id);
  const requirement = existing?.requirement ?? { status: 'DRAFT', priority: 'MEDIUM', ...ref };
  return {
    placed: [...planes.placed.filter((point) => point.requirement.id !== ref.id), { requirement: requirement as PlanePoint['requirement'], ...placement }],
    unplaced: planes.unplaced.filter((item) => item.id !== ref.id),
  };
}

/** Takes a requirement off the cached plane. */
export function unplaceInCache(planes: Planes, point: PlanePoint): Planes {
  return { placed: planes.placed.filter((item) => item.requirement.id !== point.requirement.id), unplaced: [...planes.unplaced, point.requirement] };
}

/** `place` and `remove` change the plane at once and save the change. */
export function usePlaneChanges(graph: string) {
  const queryClient = useQueryClient();
  const save = useMutation({
    mutationFn: ({ id, placement }: { id: string; placement: Placement | null }) => placeRequirement(graph, id, placement),
    onError: (error) => {
      showSnackbar(`The placement could not be saved: ${problemText(error)}`, 'error');
      void queryClient.invalidateQueries({ queryKey: PLANE_KEYS.planes(graph) });
    },
  });
  const place = (ref: PlaneRef, placement: Placement) => {
    queryClient.setQueryData<Planes>(PLANE_KEYS.planes(graph), (current) => (current ? placeInCache(current, ref, placement) : current));
    save.mutate({ id: ref.id, placement });
  };
  const remove = (point: PlanePoint) => {
    queryClient.setQueryData<Planes>(PLANE_KEYS.planes(graph), (current) => (current ? unplaceInCache(current, point) : current));
    save.mutate({ id: point.requirement.id, placement: null });
  };
  return { place, remove, saving: save.isPending };
}
