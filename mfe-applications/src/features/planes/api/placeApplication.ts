// PUT apps/{appKey}/plane: places an application (x risk, y business criticality, 0..1) or takes it
// off the plane (null). The cached plane moves at once; a refusal puts it back as the server has it.
import { apiClient, showSnackbar, type ApplicationPlanePoint, type ApplicationPlanes, type PlaneApplication } from '@portal/shared';
import { type Placement } from '@portal/shared/screens';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { APPLICATION_PERMISSIONS } from '../../../lib/permissions';
import { problemText } from '../../../lib/problemText';
import { applicationPlanesKey } from './getApplicationPlanes';

export interface PlaceInput {
  application: PlaneApplication;
  placement: Placement | null;
}

export const placeApplication = (graph: string, { application, placement }: PlaceInput) =>
  // Removal sends nulls, which the client drops from an object body: sent as JSON text.
  apiClient.put<ApplicationPlanePoint | undefined>(`apps/${encodeURIComponent(application.app_key)}/plane`, placement ?? JSON.stringify({ x: null, y: null }), {
    graph,
    permission: APPLICATION_PERMISSIONS.UPDATE,
    headers: placement ? undefined : { 'Content-Type': 'application/json' },
  });

/** The plane with the application moved to `placement` (or back to the unplaced list). */
export function withPlacement(planes: ApplicationPlanes, { application, placement }: PlaceInput): ApplicationPlanes {
  const placed = planes.placed.filter((point) => point.application.id !== application.id);
  const unplaced = planes.unplaced.filter((item) => item.id !== application.id);
  if (placement === null) return { placed, unplaced: [...unplaced, application].sort((a, b) => a.app_key.localeCompare(b.app_key)) };
  const previous = planes.placed.find((point) => point.application.id === application.id);
  return {
    placed: [...placed, { application, ...placement, placed_by: previous?.placed_by ?? null, placed_at: new Date().toISOString() }],
    unplaced,
  };
}

export function usePlaceApplication(graph: string) {
  const queryClient = useQueryClient();
  const key = applicationPlanesKey(graph);
  return useMutation({
    mutationFn: (input: PlaceInput) => placeApplication(graph, input),
    onMutate: (input) => queryClient.setQueryData<ApplicationPlanes>(key, (current) => (current ? withPlacement(current, input) : current)),
    onError: (error) => {
      showSnackbar(`The placement could not be saved: ${problemText(error)}`, 'error');
      void queryClient.invalidateQueries({ queryKey: key });
    },
  });
}
