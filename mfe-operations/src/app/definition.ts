import type { RemoteDefinition } from '@portal/shared';
import { IacScreen, OverviewScreen, SastScreen } from './lazyScreens';
import { liveOperations } from './LiveOperations';

const screens: RemoteDefinition['screens'] = {
  '/security': OverviewScreen,
  '/security/sast': SastScreen,
  '/security/iac': IacScreen,
};

/** What this remote serves: its routes (owner 'mfe-operations' in the shared route table) and their screens, kept live. */
export const definition: RemoteDefinition = {
  remote: 'mfe-operations',
  screens,
  App: liveOperations({ remote: 'mfe-operations', screens }),
};
