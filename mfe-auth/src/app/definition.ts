import type { RemoteDefinition } from '@portal/shared';
import { AuthApp } from './AuthApp';
import { screens } from './screens';

/**
 * What this remote serves: its routes (owner 'mfe-auth' in the shared route table) and their
 * screens, behind AuthApp, which shows the sign-in flow instead until the session is authenticated.
 */
export const definition: RemoteDefinition = {
  remote: 'mfe-auth',
  screens,
  App: AuthApp,
};
