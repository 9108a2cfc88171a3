// The process the screens work in. In a process, its `graph` (lowercased code name); in Platform
// View (spec 2.3, code name '*') there is none: Security Posture lists the apps of every process,
// and an app's page names its own process in the `process` search parameter of its link.
import { graphOf, isPlatformView, useSession } from '@portal/shared';
import { useSearchParams } from 'react-router';

export interface WorkingScope {
  /** The process to call with; undefined while none is selected (or in Platform View without one). */
  graph: string | undefined;
  platformView: boolean;
}

export function useWorkingScope(): WorkingScope {
  const process = useSession((state) => state.process);
  const [search] = useSearchParams();
  if (isPlatformView(process)) {
    const named = search.get('process');
    return { graph: named ? named.toLowerCase() : undefined, platformView: true };
  }
  return { graph: process ? graphOf(process) : undefined, platformView: false };
}

/** The path of an app's page (its process named in Platform View). */
export function applicationPath(appKey: string, options: { process?: string; build?: string; vuln?: string; ref?: string; view?: string } = {}): string {
  const params = new URLSearchParams();
  if (options.process) params.set('process', options.process.toLowerCase());
  for (const name of ['build', 'view', 'vuln', 'ref'] as const) {
    const value = options[name];
    if (value) params.set(name, value);
  }
  const query = params.toString();
  return `/applications/${encodeURIComponent(appKey)}${query ? `?${query}` : ''}`;
}
