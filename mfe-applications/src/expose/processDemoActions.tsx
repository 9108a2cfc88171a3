import { createComponentLifecycles } from '@portal/shared';
import { ProcessDemoActions, type ProcessDemoActionsProps } from '../app/process-demo/ProcessDemoActions';

// The module-federation expose './processDemoActions': the process menu's demo items that act on
// applications, mounted by the host as a parcel with { action, graph, onClose }.
export const { bootstrap, mount, unmount } = createComponentLifecycles<ProcessDemoActionsProps>(ProcessDemoActions);
