// A signed-in member working in process CORE, or in Platform View. Test-only.
import { PLATFORM_VIEW_ID, setPermissionChecker, type Process } from '@portal/shared';
import { signInWith, testProcess, testSession } from '@portal/shared/testing';

export const PROCESS: Process = testProcess();

const member = () => testSession({ access_control: { policies: [], projects: [{ code_name: 'core' }, { code_name: 'edge' }] }, roles: ['AUTHOR'] });

/** Signs the member in and makes CORE the current process. */
export function signIn(process: Partial<Process> = {}): void {
  signInWith(member(), { ...PROCESS, ...process });
}

/** Signs the member in, working in Platform View. */
export function signInPlatformView(): void {
  signInWith(member(), testProcess(PLATFORM_VIEW_ID, { id: PLATFORM_VIEW_ID, name: 'Platform View' }));
}

/** Every test of the file starts with the member signed in to CORE, and leaves no permission checker behind. */
export function signInEachTest(): void {
  beforeEach(() => signIn());
  afterEach(() => setPermissionChecker(null));
}
