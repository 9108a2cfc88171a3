/** @jest-environment node */
import type { Policy } from '../entities/session';
import { ALL_PERMISSIONS, MODULE_DEPENDENCIES, PERMISSIONS, formatPermission, parsePermission } from './catalogue';
import { all, any, checkPermission, permissionCheckerFor, withParent, type AccessControlLike } from './checkPermission';

const allow = (actions: string[], resources: string[], condition?: string): Policy => ({
  effect: 'allow',
  actions,
  resources,
  principals: [],
  condition,
});
const access = (...policies: Policy[]): AccessControlLike => ({ policies, projects: [] });
const { modules: M, requirements: R, applications: AP, processes: PR } = PERMISSIONS;

describe('permission catalogue', () => {
  it('holds only well-formed, distinct action=>resource strings', () => {
    expect(ALL_PERMISSIONS.length).toBeGreaterThan(100);
    expect(new Set(ALL_PERMISSIONS).size).toBe(ALL_PERMISSIONS.length);
    for (const permission of ALL_PERMISSIONS) {
      const parsed = parsePermission(permission);
      expect(parsed).toBeDefined();
      expect(formatPermission(parsed!)).toBe(permission);
    }
  });

  it('parses scopes and instances, and rejects malformed strings', () => {
    expect(parsePermission('create=>Process@organization')).toEqual({ action: 'create', resource: 'Process', scope: 'organization' });
    expect(parsePermission('view=>Requirement::42')).toEqual({ action: 'view', resource: 'Requirement::42' });
    for (const bad of ['view', 'view=>', '=>Requirement', 'view=>Requirement@planet', 'view => Requirement', 'a=>b=>c']) {
      expect(parsePermission(bad)).toBeUndefined();
    }
  });

  it('names its dependencies from the catalogue', () => {
    for (const dependency of MODULE_DEPENDENCIES) expect(ALL_PERMISSIONS).toContain(dependency.requires);
  });
});

describe('checkPermission', () => {
  it('needs the module permission for requirement and task actions', () => {
    const withoutModule = access(allow(['*'], ['Requirement', 'Task']));
    expect(checkPermission(withoutModule, R.CREATE_REQUIREMENT)).toBe(false);
    const withModule = access(allow(['*'], ['Requirement', 'Task']), allow(['use'], ['Module::Requirement']));
    expect(checkPermission(withModule, R.CREATE_REQUIREMENT)).toBe(true);
    expect(checkPermission(withModule, R.TASK.ASSIGN)).toBe(true);
    expect(checkPermission(withModule, AP.APPLICATION.VIEW)).toBe(false);
  });

  it('applies dependencies transitively (RBOM view → RBOM use → CodeProvenance)', () => {
    const rbomOnly = access(allow(['view', 'use'], ['RBOM']));
    expect(checkPermission(rbomOnly, AP.RBOM.VIEW)).toBe(false);
    expect(checkPermission(access(allow(['view', 'use'], ['RBOM']), allow(['use'], ['Module'])), AP.RBOM.VIEW)).toBe(true);
    expect(checkPermission(access(allow(['view'], ['RBOM']), allow(['use'], ['Module'])), AP.RBOM.VIEW)).toBe(false);
  });

  it('combines checks with all, any and parents', () => {
    const a = access(allow(['list'], ['User']), allow(['list'], ['Role']));
    expect(checkPermission(a, all('list=>User', 'list=>Role'))).toBe(true);
    expect(checkPermission(a, all('list=>User', 'list=>Workgroup'))).toBe(false);
    expect(checkPermission(a, any('list=>Workgroup', 'list=>Role'))).toBe(true);
    expect(checkPermission(a, any())).toBe(false);
    expect(checkPermission(a, all())).toBe(true);
    expect(checkPermission(a, withParent('list=>User', 'list=>Role'))).toBe(true);
    expect(checkPermission(a, withParent('list=>Workgroup', 'list=>Role'))).toBe(false);
  });

  it('denies without access control or with a malformed permission', () => {
    expect(checkPermission(null, 'list=>User')).toBe(false);
    expect(checkPermission(access(allow(['*'], ['*'])), 'nonsense' as 'a=>b')).toBe(false);
  });

  it('evaluates scoped permissions without the process (organization) or the organization (global)', () => {
    const orgOnly = access(allow(['create'], ['Process'], "scope == 'organization' && !project && organization == 'acme'"));
    expect(checkPermission(orgOnly, PR.CREATE_PROCESS, { organization: 'acme', project: 'alpha' })).toBe(true);
    const global = access(allow(['list'], ['Organization'], "scope == 'global' && !organization"));
    expect(checkPermission(global, PR.GLOBAL_ORGANIZATION.LIST, { organization: 'acme' })).toBe(true);
    expect(checkPermission(global, 'list=>Organization', { organization: 'acme' })).toBe(false);
  });

  describe('all-projects scope', () => {
    const perProject: AccessControlLike = {
      policies: [],
      projects: [{ code_name: 'alpha' }, { code_name: 'beta' }],
      projectPolicies: {
        alpha: [allow(['list'], ['Requirement']), allow(['use'], ['Module'])],
        beta: [allow(['list', 'view'], ['Application']), allow(['use'], ['Module::CodeProvenance'])],
      },
    };

    it('passes an application or RBOM check if any accessible project grants it', () => {
      expect(checkPermission(perProject, AP.APPLICATION.LIST, { scope: 'all-projects' })).toBe(true);
      expect(checkPermission(perProject, AP.APPLICATION.DELETE, { scope: 'all-projects' })).toBe(false);
    });

    it('checks no other resource there', () => {
      expect(checkPermission(perProject, R.LIST_REQUIREMENT, { scope: 'all-projects' })).toBe(false);
      expect(checkPermission(perProject, R.LIST_REQUIREMENT, { project: 'alpha' })).toBe(false); // session policies are empty
    });

    it('evaluates shared policies per project through their conditions', () => {
      const shared = access(
        allow(['view'], ['Application'], "project == 'beta'"),
        allow(['use'], ['Module::CodeProvenance'], "project == 'beta'"),
      );
      expect(checkPermission({ ...shared, projects: [{ code_name: 'alpha' }] }, AP.APPLICATION.VIEW, { scope: 'all-projects' })).toBe(false);
      expect(checkPermission({ ...shared, projects: [{ code_name: 'alpha' }, { code_name: 'beta' }] }, AP.APPLICATION.VIEW, { scope: 'all-projects' })).toBe(true);
    });
  });

  it('gives the API client a checker for setPermissionChecker', () => {
    let current: AccessControlLike | null = access(allow(['delete'], ['Requirement']), allow(['use'], ['Module::Requirement']));
    const checker = permissionCheckerFor(() => current, () => ({ project: 'alpha' }));
    expect(checker(R.DELETE_REQUIREMENT)).toBe(true);
    expect(checker(M.USE_RBOM)).toBe(false);
    current = null;
    expect(checker(R.DELETE_REQUIREMENT)).toBe(false);
  });
});
