import type { RemoteDefinition } from '@portal/shared';
import { InitializationScreen } from '../features/initialization/components/InitializationScreen';

/** What this remote serves: its routes (owner 'mfe-admin' in the shared route table) and their screens. */
export const definition: RemoteDefinition = {
  remote: 'mfe-admin',
  screens: {
    '/administration/global/initialization': InitializationScreen,
  },
};
