import mitt, { type Emitter } from 'mitt';
import type { PortalEvents } from './events';

/** The portal's event bus: one mitt instance, shared as a module-federation singleton. */
export const bus: Emitter<PortalEvents> = mitt<PortalEvents>();
