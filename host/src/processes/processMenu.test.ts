import { PLATFORM_VIEW_ID } from '@portal/shared';
import { process } from '../testing/sessions';
import { NO_PROCESS_TITLE, processMenuModel, type ProcessMenuInput } from './processMenu';

const MAIN = process('main', 'Main');
const BETA = process('beta', 'Beta');
const CASES = process('cases', 'Cases', 'EDISCOVERY');

const base: ProcessMenuInput = {
  session: { edition: 'Enterprise', tenancy: false },
  processes: [MAIN, BETA],
  current: MAIN,
  platformViewAllowed: true,
  mayCreate: true,
  mayDeleteCurrent: true,
};

describe('the process menu (spec 2.3)', () => {
  it('shows the current process and every item to an administrator of several processes', () => {
    expect(processMenuModel(base)).toEqual({
      visible: true,
      title: 'Main',
      switchTo: [MAIN, BETA],
      platformView: true,
      newProcess: true,
      deleteCurrent: true,
      demoItems: [],
    });
  });

  it('offers the demo-only items with the demo permission only, in the spec order', () => {
    const everything = { 'clear-demo-cves': true, 'rescan-sbom-components': true, 'clear-all-sboms': true, 'clear-app-sboms': true };
    expect(processMenuModel({ ...base, demo: true, demoPermits: everything }).demoItems).toEqual([
      'clear-demo-cves',
      'rescan-sbom-components',
      'markdown-preview',
      'clear-all-sboms',
      'clear-app-sboms',
      'refresh-session',
    ]);
    expect(processMenuModel({ ...base, demo: false, demoPermits: everything }).demoItems).toEqual([]);
  });

  it("offers the items acting on applications only in a chosen process and with each one's permission", () => {
    const rescanOnly = { 'rescan-sbom-components': true };
    expect(processMenuModel({ ...base, demo: true, demoPermits: rescanOnly }).demoItems).toEqual([
      'rescan-sbom-components',
      'markdown-preview',
      'refresh-session',
    ]);
    const everything = { 'clear-demo-cves': true, 'rescan-sbom-components': true, 'clear-all-sboms': true, 'clear-app-sboms': true };
    const platform = { id: PLATFORM_VIEW_ID, code_name: PLATFORM_VIEW_ID };
    expect(processMenuModel({ ...base, current: platform, demo: true, demoPermits: everything }).demoItems).toEqual(['markdown-preview', 'refresh-session']);
    expect(processMenuModel({ ...base, current: null, demo: true, demoPermits: everything }).demoItems).toEqual(['markdown-preview', 'refresh-session']);
  });

  it('is shown for Enterprise edition or tenancy sessions only', () => {
    expect(processMenuModel({ ...base, session: { edition: 'Community', tenancy: false } }).visible).toBe(false);
    expect(processMenuModel({ ...base, session: { edition: 'Community', tenancy: true } }).visible).toBe(true);
  });

  it('is hidden with no processes and no right to create one', () => {
    expect(processMenuModel({ ...base, processes: [], current: null, mayCreate: false }).visible).toBe(false);
    const creator = processMenuModel({ ...base, processes: [], current: null, mayCreate: true });
    expect(creator).toMatchObject({ visible: true, title: NO_PROCESS_TITLE, newProcess: true, switchTo: [], deleteCurrent: false });
  });

  it('switches only among REQUIREMENTS processes, and only when there is more than one', () => {
    expect(processMenuModel({ ...base, processes: [MAIN, BETA, CASES] }).switchTo).toEqual([MAIN, BETA]);
    expect(processMenuModel({ ...base, processes: [MAIN, CASES] }).switchTo).toEqual([]);
  });

  it('offers Platform View with the portfolio permission and more than one process', () => {
    expect(processMenuModel({ ...base, platformViewAllowed: false }).platformView).toBe(false);
    expect(processMenuModel({ ...base, processes: [MAIN] }).platformView).toBe(false);
    expect(processMenuModel({ ...base, processes: [MAIN, CASES] }).platformView).toBe(true);
  });

  it('offers New Process with the create permission only', () => {
    expect(processMenuModel({ ...base, mayCreate: false }).newProcess).toBe(false);
  });

  it('deletes the current process only with the permission, more than one REQUIREMENTS process, outside Platform View', () => {
    expect(processMenuModel({ ...base, mayDeleteCurrent: false }).deleteCurrent).toBe(false);
    expect(processMenuModel({ ...base, processes: [MAIN, CASES] }).deleteCurrent).toBe(false);
    const platformView = processMenuModel({ ...base, current: { id: PLATFORM_VIEW_ID, code_name: PLATFORM_VIEW_ID } });
    expect(platformView).toMatchObject({ title: 'Platform View', deleteCurrent: false });
  });
});
