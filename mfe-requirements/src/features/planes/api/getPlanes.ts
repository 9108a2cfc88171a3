// GET requirements/planes: the process's requirements on the priority plane, and those not placed.
import { apiClient } from '@portal/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Planes } from '../../../types/analysis';
import { PLANE_KEYS } from './keys';

export const getPlanes = (graph: string, signal?: AbortSignal) => apiClient.get<Planes>('requirements/planes', { graph, signal });

export const getPlanesQueryOptions = (graph: string) => queryOptions({ queryKey: PLANE_KEYS.planes(graph), queryFn: ({ signal }) => getPlanes(graph, signal) });

export function usePlanes(graph: string) {
  return useQuery(getPlanesQueryOptions(graph));
}
