// GET poc/grafana: the Grafana dashboard the POC Grafana screen embeds (GRAFANA_DASHBOARD_URL of the
// API), null when none is configured. The installation's setting: no graph.
import { apiClient } from '@portal/shared';
import { useQuery } from '@tanstack/react-query';

export interface GrafanaDashboard {
  url: string | null;
}

export const getGrafanaDashboard = (signal?: AbortSignal) => apiClient.get<GrafanaDashboard>('poc/grafana', { signal });

export function useGrafanaDashboard() {
  return useQuery({ queryKey: ['poc', 'grafana'], queryFn: ({ signal }) => getGrafanaDashboard(signal), staleTime: 5 * 60_000 });
}

/**
 * The iframe's sandbox: Grafana needs its scripts and its own origin's storage. A dashboard on the
 * portal's own origin gets no allow-same-origin: with scripts, that would lift the sandbox.
 */
export function sandboxFor(url: string, portalOrigin: string = window.location.origin): string {
  const sameOrigin = new URL(url, portalOrigin).origin === portalOrigin;
  return sameOrigin ? 'allow-scripts' : 'allow-scripts allow-same-origin';
}
