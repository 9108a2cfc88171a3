import type { RemoteDefinition } from '@portal/shared';
import { ApplicationPlanesScreen, ApplicationScreen, GraphViewScreen, MonitoringEventsScreen, RbomSettingsScreen, VulnerabilityDatabaseScreen } from './lazyScreens';
import { liveApplications } from './LiveApplications';
import { SecurityPostureScreen } from './screens/SecurityPostureScreen';

const screens: RemoteDefinition['screens'] = {
  '/applications': SecurityPostureScreen,
  '/applications/:app_key': ApplicationScreen,
  '/applications/GraphView': GraphViewScreen,
  '/applications/priorityPlanes': ApplicationPlanesScreen,
  '/applications/monitoring/events': MonitoringEventsScreen,
  '/applications/:app_key/rbom-settings': RbomSettingsScreen,
  '/administration/global/vulnerabilities': VulnerabilityDatabaseScreen,
  // The POC group's CVEs (spec 2.3), behind the poc feature flag in the host.
  '/poc/nvd-cve': VulnerabilityDatabaseScreen,
};

/** What this remote serves: its routes (owner 'mfe-applications' in the shared route table) and their screens, kept live. */
export const definition: RemoteDefinition = {
  remote: 'mfe-applications',
  screens,
  App: liveApplications({ remote: 'mfe-applications', screens }),
};
