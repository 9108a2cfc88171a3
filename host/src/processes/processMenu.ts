// The rules of the header's process menu (spec 2.3), apart from the screen so they are tested
// one by one. Of the spec's demo-only items it offers Markdown Preview and Refresh Session; the
// CVE and SBOM clean-ups wait for their API.
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
}

/** The demo-only items the menu offers (spec 2.3), in its order. */
export const DEMO_ITEMS = ['markdown-preview', 'refresh-session'] as const;
export type DemoItem = (typeof DEMO_ITEMS)[number];

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
    demoItems: demo ? [...DEMO_ITEMS] : [],
  };
}
