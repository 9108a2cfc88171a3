import type { RemoteDefinition } from '@portal/shared';
import { AlarmScreen, AlarmsScreen, AwsScreen, AzureScreen, CloudsScreen, IacScreen, MetricsScreen, OverviewScreen, SastScreen, SbomScreen } from './lazyScreens';
import { liveOperations } from './LiveOperations';

const screens: RemoteDefinition['screens'] = {
  '/security': OverviewScreen,
  '/security/sast': SastScreen,
  '/security/iac': IacScreen,
  '/security/aws': AwsScreen,
  '/security/azure': AzureScreen,
  // The legacy cloud process's entry (spec 2.3): Defender for Cloud, as /security/azure shows it.
  '/security/defender': AzureScreen,
  '/security/clouds': CloudsScreen,
  '/security/sbom': SbomScreen,
  '/metrics': MetricsScreen,
  '/alarms': AlarmsScreen,
  '/alarms/:id': AlarmScreen,
};

/** What this remote serves: its routes (owner 'mfe-operations' in the shared route table) and their screens, kept live. */
export const definition: RemoteDefinition = {
  remote: 'mfe-operations',
  screens,
  App: liveOperations({ remote: 'mfe-operations', screens }),
};
