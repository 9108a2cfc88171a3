import type { RemoteDefinition } from '@portal/shared';
import { FilesScreen } from './lazyScreens';

/** What this remote serves: its routes (owner 'mfe-collaboration' in the shared route table) and their screens. */
export const definition: RemoteDefinition = {
  remote: 'mfe-collaboration',
  screens: {
    '/collaboration/share-files': FilesScreen,
  },
};
