// The rules of the header's process menu (spec 2.3), apart from the screen so they are tested
// one by one. The spec's demo-only items come in its order; those that act on the current
// process's applications need one chosen (not Platform View) and their own permission.
import { isPlatformView, type CurrentProcess, type Process, type Session } from '@portal/shared';
import { isRequirementsProcess, processLabel } from './processes';

export interface ProcessMenuInput {
  session: Pick<Session, 'edition' | 'tenancy'>;
  processes: readonly Process[];
  current: CurrentProcess | null;
  /** Portfolio view in some process, more than one process (see ProcessSelection). */
  platformViewAllowed: boolean;
  /** create=>Process@organization */
  mayCreate: boolean;
  /** delete=>Process in the current process */
  mayDeleteCurrent: boolean;
  /** perform=>Demo: the demo-only items (default none). */
  demo?: boolean;
  /** The permission of each process-bound demo item in the current process (default none). */
  demoPermits?: Partial<Record<ProcessDemoItem, boolean>>;
}

/** The demo-only items of spec 2.3, in its order. */
export const DEMO_ITEMS = [
  'clear-demo-cves',
  'rescan-sbom-components',
  'markdown-preview',
  'clear-all-sboms',
  'clear-app-sboms',
  'refresh-session',
] as const;
export type DemoItem = (typeof DEMO_ITEMS)[number];
/** The items that act on the current process's applications. */
export const PROCESS_DEMO_ITEMS = ['clear-demo-cves', 'rescan-sbom-components', 'clear-all-sboms', 'clear-app-sboms'] as const;
export type ProcessDemoItem = (typeof PROCESS_DEMO_ITEMS)[number];
const isProcessDemoItem = (item: DemoItem): item is ProcessDemoItem => (PROCESS_DEMO_ITEMS as readonly string[]).includes(item);

export interface ProcessMenuModel {
  visible: boolean;
  /** The current process's name, shown on the menu's button. */
  title: string;
  /** Switch process: the REQUIREMENTS processes, when there is more than one. */
  switchTo: Process[];
  platformView: boolean;
  newProcess: boolean;
  deleteCurrent: boolean;
  demoItems: DemoItem[];
}

export const NO_PROCESS_TITLE = 'No process selected';

export function processMenuModel({
  session,
  processes,
  current,
  platformViewAllowed,
  mayCreate,
  mayDeleteCurrent,
  demo = false,
  demoPermits = {},
}: ProcessMenuInput): ProcessMenuModel {
  const requirements = processes.filter(isRequirementsProcess);
  const inPlatformView = isPlatformView(current);
  return {
    // Enterprise edition or tenancy sessions; hidden with no processes and no rights.
    visible: (session.edition === 'Enterprise' || session.tenancy) && (processes.length > 0 || mayCreate),
    title: current ? processLabel(current) : NO_PROCESS_TITLE,
    switchTo: requirements.length > 1 ? requirements : [],
    platformView: platformViewAllowed && processes.length > 1,
    newProcess: mayCreate,
    deleteCurrent: mayDeleteCurrent && current !== null && !inPlatformView && requirements.length > 1,
    demoItems: demo
      ? DEMO_ITEMS.filter((item) => !isProcessDemoItem(item) || (current !== null && !inPlatformView && demoPermits[item] === true))
      : [],
  };
}
