// How a monitoring event's parts read.
import type { MonitoringEvent, MonitoringSource } from '@portal/shared';

export const SOURCE_LABELS: Record<MonitoringSource, string> = {
  'advisory-import': 'Advisory import',
  rescan: 'Rescan',
  simulation: 'Simulation',
};

export function componentText(component: MonitoringEvent['component']): string {
  const name = component.group ? `${component.group}/${component.name}` : component.name;
  return component.version ? `${name} ${component.version}` : name;
}
