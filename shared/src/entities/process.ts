// Processes (projects) and their module configuration (spec 3, 9).

export const PROCESS_TYPES = ['REQUIREMENTS', 'EDISCOVERY'] as const;
export type ProcessType = (typeof PROCESS_TYPES)[number];

export const DASHBOARD_TYPES = ['LIVE', 'MIX', 'PRESENTATION'] as const;
export type DashboardType = (typeof DASHBOARD_TYPES)[number];

export interface Process {
  id: string;
  /** Lowercased, it selects the graph of project-scoped calls; '*' is Platform View. */
  code_name: string;
  name: string;
  type: ProcessType;
  dashboard_type: DashboardType;
}

/** Platform View: the all-processes scope (spec 2.3). */
export const PLATFORM_VIEW_ID = '*';

export function isPlatformView(process: Pick<Process, 'id' | 'code_name'> | null | undefined): boolean {
  return process?.id === PLATFORM_VIEW_ID || process?.code_name === PLATFORM_VIEW_ID;
}

/** The `graph` query parameter of a process: its code name, lowercased. */
export function graphOf(process: Pick<Process, 'code_name'>): string {
  return process.code_name.toLowerCase();
}

/** Which modules a process may use and its limits; -1 means unlimited. */
export interface ProcessModuleConfiguration {
  code: boolean;
  requirement: boolean;
  num_of_projects: number;
  num_of_users: number;
  num_of_apps: number;
}

export const UNLIMITED = -1;

export const DEFAULT_MODULE_CONFIGURATION: Readonly<ProcessModuleConfiguration> = Object.freeze({
  code: true,
  requirement: true,
  num_of_projects: UNLIMITED,
  num_of_users: UNLIMITED,
  num_of_apps: UNLIMITED,
});

export interface NotificationSettings {
  [setting: string]: boolean | string | number | null;
}
