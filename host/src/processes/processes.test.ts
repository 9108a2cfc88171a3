import { PLATFORM_VIEW_ID } from '@portal/shared';
import { process } from '../testing/sessions';
import {
  joinProcesses,
  PLATFORM_VIEW,
  processLabel,
  rememberedProcessId,
  rememberProcessId,
  selectProcess,
} from './processes';

const MAIN = process('main', 'Main');
const BETA = process('beta', 'Beta');

afterEach(() => window.localStorage.clear());

describe('the processes of the session', () => {
  it('joins GET /api/projects with the access control, by lowercased code name, in the API order', () => {
    const listed = [process('Beta'), MAIN, process('other')];
    const joined = joinProcesses(listed, { policies: [], projects: [{ code_name: 'main' }, { code_name: 'beta' }] });
    expect(joined.map((p) => p.code_name)).toEqual(['Beta', 'main']);
    expect(joinProcesses(listed, null)).toEqual([]);
  });

  it('names Platform View and processes whose name is not known', () => {
    expect(processLabel({ id: PLATFORM_VIEW_ID, code_name: PLATFORM_VIEW_ID })).toBe('Platform View');
    expect(processLabel({ id: 'x', code_name: 'x' })).toBe('x');
    expect(processLabel(MAIN)).toBe('Main');
  });
});

describe('the process chooser (spec 2.3)', () => {
  const none = { current: null, rememberedId: null, platformViewAllowed: false };

  it('selects the only process automatically', () => {
    expect(selectProcess({ ...none, processes: [MAIN] })).toEqual({ kind: 'selected', process: MAIN });
  });

  it('asks to choose among several when none is current or remembered', () => {
    expect(selectProcess({ ...none, processes: [MAIN, BETA] })).toEqual({ kind: 'choose' });
  });

  it('has nothing to select without processes', () => {
    expect(selectProcess({ ...none, processes: [] })).toEqual({ kind: 'none' });
    expect(selectProcess({ ...none, processes: [], rememberedId: MAIN.id })).toEqual({ kind: 'none' });
  });

  it('restores the remembered process while it is still one of the user’s', () => {
    expect(selectProcess({ ...none, processes: [MAIN, BETA], rememberedId: BETA.id })).toEqual({ kind: 'selected', process: BETA });
    expect(selectProcess({ ...none, processes: [MAIN, BETA], rememberedId: 'gone' })).toEqual({ kind: 'choose' });
  });

  it('keeps the current process before the remembered one, and forgets a current one that is gone', () => {
    expect(selectProcess({ ...none, processes: [MAIN, BETA], current: MAIN, rememberedId: BETA.id })).toEqual({
      kind: 'selected',
      process: MAIN,
    });
    expect(selectProcess({ ...none, processes: [MAIN, BETA], current: process('gone'), rememberedId: BETA.id })).toEqual({
      kind: 'selected',
      process: BETA,
    });
  });

  it('restores Platform View only while it is allowed', () => {
    const input = { processes: [MAIN, BETA], current: null, rememberedId: PLATFORM_VIEW_ID };
    expect(selectProcess({ ...input, platformViewAllowed: true })).toEqual({ kind: 'selected', process: PLATFORM_VIEW });
    expect(selectProcess({ ...input, platformViewAllowed: false })).toEqual({ kind: 'choose' });
    expect(selectProcess({ ...input, current: PLATFORM_VIEW, rememberedId: MAIN.id, platformViewAllowed: false })).toEqual({
      kind: 'selected',
      process: MAIN,
    });
  });

  it('remembers the last chosen process per user', () => {
    expect(rememberedProcessId('u1')).toBeNull();
    rememberProcessId('u1', BETA.id);
    expect(rememberedProcessId('u1')).toBe(BETA.id);
    expect(rememberedProcessId('u2')).toBeNull();
    rememberProcessId('u1', null);
    expect(rememberedProcessId('u1')).toBeNull();
    expect(rememberedProcessId(undefined)).toBeNull();
  });
});
