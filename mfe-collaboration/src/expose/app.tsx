import { createRemoteLifecycles } from '@portal/shared';
import { definition } from '../app/definition';

// The module-federation expose './app': single-spa-react lifecycles mounted by the host as a parcel.
export const { bootstrap, mount, unmount } = createRemoteLifecycles(definition);
