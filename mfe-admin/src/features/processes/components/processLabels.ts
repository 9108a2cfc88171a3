// How process types and dashboard types are named on screen (spec 9 lists the values).
import { DASHBOARD_TYPES, PROCESS_TYPES, type DashboardType, type ProcessType } from '@portal/shared';

export const PROCESS_TYPE_LABELS: Record<ProcessType, string> = { REQUIREMENTS: 'Requirements', EDISCOVERY: 'eDiscovery' };
export const DASHBOARD_TYPE_LABELS: Record<DashboardType, string> = { LIVE: 'Live', MIX: 'Mix', PRESENTATION: 'Presentation' };

export const PROCESS_TYPE_OPTIONS = PROCESS_TYPES.map((value) => ({ value, label: PROCESS_TYPE_LABELS[value] }));
export const DASHBOARD_TYPE_OPTIONS = DASHBOARD_TYPES.map((value) => ({ value, label: DASHBOARD_TYPE_LABELS[value] }));

export const processTypeLabel = (type: string): string => PROCESS_TYPE_LABELS[type as ProcessType] ?? type;
export const dashboardTypeLabel = (type: string): string => DASHBOARD_TYPE_LABELS[type as DashboardType] ?? type;
