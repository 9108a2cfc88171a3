// The side navigation of spec 2.3. Operations entries come from the service modules the API
// reports (sideNavigation) and the POC group from the session's poc feature flag. Entries are
// hidden where the user lacks permission for their route (visibleNavigation).
import type { KnownPermissionCheck } from '@portal/shared';

export interface NavEntry {
  label: string;
  path: string;
  /** A query string of the link ('?module=…'): several entries may share one route. */
  search?: string;
  /** A permission the entry needs besides its route's guard (spec 2.3: Settings). */
  permission?: KnownPermissionCheck;
}

export interface NavSection {
  label: string;
  /** A section with a path is itself an entry (Dashboard, Reports). */
  path?: string;
  permission?: KnownPermissionCheck;
  entries?: NavEntry[];
}

export const SIDE_NAVIGATION: NavSection[] = [
  { label: 'Dashboard', path: '/dashboard' },
  {
    label: 'Requirements',
    entries: [
      { label: 'Depository', path: '/requirements' },
      { label: 'Priority Planes', path: '/requirements/priorityPlanes' },
      { label: 'Comments', path: '/requirements/comments' },
    ],
  },
  {
    label: 'Collaboration',
    entries: [
      { label: 'Tasks', path: '/collaboration/tasks' },
      { label: 'Shared Files', path: '/collaboration/share-files' },
      { label: 'Organization Chart', path: '/collaboration/org-chart' },
    ],
  },
  {
    label: 'Applications',
    entries: [
      { label: 'Security Posture', path: '/applications' },
      { label: 'Priority Planes', path: '/applications/priorityPlanes' },
      { label: 'Graph View', path: '/applications/GraphView' },
      { label: 'Continuous Monitoring', path: '/applications/monitoring/events' },
    ],
  },
  { label: 'Reports', path: '/reports' },
  {
    label: 'Administration',
    entries: [
      { label: 'Service Modules', path: '/administration/service-modules' },
      { label: 'IAM', path: '/administration/iam' },
    ],
  },
  // Spec 2.3: Settings needs view-process; its route's guard (update-process) applies as well.
  { label: 'Settings', path: '/projects/settings', permission: 'view=>Process' },
];

/**
 * The navigation the user may use: an entry shows when `mayOpen` passes for it (its route's guard
 * and its own permission); a section header shows while one of its entries does.
 */
export function visibleNavigation(
  sections: readonly NavSection[],
  mayOpen: (entry: NavEntry) => boolean,
): NavSection[] {
  return sections.flatMap((section) => {
    if (section.path) return mayOpen({ label: section.label, path: section.path, permission: section.permission }) ? [section] : [];
    const entries = (section.entries ?? []).filter(mayOpen);
    return entries.length > 0 ? [{ ...section, entries }] : [];
  });
}

/** Spec 2.3: the proof-of-concept group, shown only when the session's poc feature flag is on. */
export const POC_SECTION: NavSection = {
  label: 'POC',
  entries: [
    { label: 'State Machine', path: '/poc' },
    { label: 'Centrifugo', path: '/poc/centrifugo' },
    { label: 'Grafana', path: '/poc/grafana' },
    { label: 'CVEs', path: '/poc/nvd-cve' },
    { label: 'Rabbitmq', path: '/poc/notifications' },
  ],
};

/** What GET modules reports of a service module that the navigation uses. */
export interface ReportedModule {
  id: string;
  type: string;
  name: string;
  category: string | null;
}

/** The cloud service modules' types. */
const CLOUD_TYPES = ['aws', 'azure', 'azurerm'];

/**
 * Spec 2.3's entries of a legacy cloud process: one whose cloud modules (AWS, Azure) have no
 * category — set up before categories named the Operations entries — sees the fixed set.
 */
export const LEGACY_CLOUD_ENTRIES: readonly NavEntry[] = [
  { label: 'SBOM', path: '/security/sbom' },
  { label: 'SAST', path: '/security/sast' },
  { label: 'IaC Controls', path: '/security/iac' },
  { label: 'Defender', path: '/security/defender' },
  { label: 'Clouds', path: '/security/clouds' },
];

/**
 * Spec 2.3 Operations: one entry per AWS service module that has a category (named by its
 * category), one 'Azure Defender' entry when an Azure module has a category, and the legacy
 * cloud process's entries when a cloud module has none; null when there is no entry.
 */
export function operationsSection(modules: readonly ReportedModule[]): NavSection | null {
  const hasCategory = (module: ReportedModule) => (module.category ?? '').trim() !== '';
  const categorized = modules.filter(hasCategory);
  const entries: NavEntry[] = categorized
    .filter((module) => module.type === 'aws')
    .map((module) => ({ label: (module.category as string).trim(), path: '/security/aws', search: `?module=${encodeURIComponent(module.id)}` }));
  if (categorized.some((module) => module.type === 'azure' || module.type === 'azurerm')) {
    entries.push({ label: 'Azure Defender', path: '/security/azure' });
  }
  if (modules.some((module) => CLOUD_TYPES.includes(module.type) && !hasCategory(module))) entries.push(...LEGACY_CLOUD_ENTRIES);
  return entries.length > 0 ? { label: 'Operations', entries } : null;
}

/** The whole side navigation: Operations after Applications, POC before Settings (spec 2.3 order). */
export function sideNavigation({ modules = [], poc = false }: { modules?: readonly ReportedModule[]; poc?: boolean }): NavSection[] {
  const operations = operationsSection(modules);
  return SIDE_NAVIGATION.flatMap((section) => {
    if (section.label === 'Reports' && operations) return [operations, section];
    if (section.label === 'Settings' && poc) return [POC_SECTION, section];
    return [section];
  });
}

function allPaths(sections: readonly NavSection[]): string[] {
  return sections.flatMap((section) => [
    ...(section.path ? [section.path] : []),
    ...(section.entries ?? []).map((entry) => entry.path),
  ]);
}

const PATHS = allPaths(
  sideNavigation({ poc: true, modules: [{ id: '', type: 'azure', name: '', category: 'x' }, { id: '', type: 'aws', name: '', category: null }] }).concat({ label: '', path: '/security/aws' }),
);

/**
 * The entry to highlight for a pathname: the longest entry path that is the pathname or one of
 * its ancestors (/requirements/add-requirement highlights Depository).
 */
export function activeEntryPath(pathname: string): string | undefined {
  let best: string | undefined;
  for (const path of PATHS) {
    const matches = pathname === path || pathname.startsWith(path + '/');
    if (matches && (!best || path.length > best.length)) best = path;
  }
  return best;
}
