// @backend-agnostic: pure functions; no table is read or written.
// The built-in roles' defaults (issue 5 item 4): what each grants, and that the README's table
// names every one of them.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { checkPermission, PERMISSIONS as P, type PermissionCheck, type PolicyContext } from '@portal/shared/server';
import { policiesOf } from './access';
import { BUILT_IN_ROLES, builtInRole } from './defaults';

const inProcess = { organization: 'Acme', project: 'p1', scope: 'project' };
const grants = (role: string, check: PermissionCheck, context: PolicyContext = inProcess) => {
  const definition = builtInRole(role)!;
  const policies = policiesOf(definition, definition.kind === 'process' ? 'p1' : undefined);
  return checkPermission({ policies }, check, context);
};

it('READER reads, AUTHOR writes, REVIEWER reviews, ADMIN administers the process', () => {
  expect(grants('READER', P.requirements.LIST_REQUIREMENT)).toBe(true);
  expect(grants('READER', P.requirements.CREATE_REQUIREMENT)).toBe(false);
  expect(grants('AUTHOR', P.requirements.CREATE_REQUIREMENT)).toBe(true);
  expect(grants('AUTHOR', P.requirements.REVIEW_REQUIREMENT)).toBe(false);
  expect(grants('REVIEWER', P.requirements.REVIEW_REQUIREMENT)).toBe(true);
  expect(grants('REVIEWER', P.requirements.CREATE_REQUIREMENT)).toBe(false);
  expect(grants('ADMIN', P.processes.DELETE_PROCESS)).toBe(true);
  expect(grants('AUTHOR', P.processes.DELETE_PROCESS)).toBe(false);
});

it('holds a process role only in its process', () => {
  expect(grants('AUTHOR', P.requirements.CREATE_REQUIREMENT, { ...inProcess, project: 'p2' })).toBe(false);
  expect(grants('AUTHOR', P.requirements.CREATE_REQUIREMENT, { organization: 'Acme' })).toBe(false);
});

it('lets ORG_ADMIN administer the organization and every process, but not other organizations', () => {
  for (const check of [P.administration.USER.CREATE, P.processes.CREATE_PROCESS, P.processes.DELETE_PROCESS, P.requirements.CREATE_REQUIREMENT]) {
    expect(grants('ORG_ADMIN', check)).toBe(true);
    expect(grants('ORG_ADMIN', check, { organization: 'Acme', project: 'anything' })).toBe(true);
  }
  expect(grants('ORG_ADMIN', P.processes.GLOBAL_ORGANIZATION.LIST)).toBe(false);
  expect(grants('ORG_ADMIN', P.development.PERFORM_DEMO)).toBe(false);
});

it('gives the Global Admin the global scope only, and the Initiator nothing but initialization', () => {
  expect(grants('_global_admin', P.processes.GLOBAL_ORGANIZATION.CREATE, {})).toBe(true);
  expect(grants('_global_admin', P.administration.GLOBAL_ROLE.LIST, {})).toBe(true);
  expect(grants('_global_admin', P.administration.ROLE.LIST, {})).toBe(false);
  expect(grants('_global_admin', P.requirements.LIST_REQUIREMENT, {})).toBe(false);
  expect(grants('_initiator', P.processes.INITIALIZE_SYSTEM, {})).toBe(true);
  expect(grants('_initiator', P.processes.GLOBAL_ORGANIZATION.LIST, {})).toBe(false);
  expect(grants('DEMO', P.development.PERFORM_DEMO)).toBe(true);
});

it("makes importing into the installation's vulnerability database a Global Admin's, wherever they work", () => {
  expect(grants('_global_admin', P.applications.IMPORT_ADVISORIES, {})).toBe(true);
  expect(grants('_global_admin', P.applications.IMPORT_ADVISORIES)).toBe(true);
  // Every organization's builds are matched against it: no organization's admin writes it.
  expect(grants('ORG_ADMIN', P.applications.IMPORT_ADVISORIES, { organization: 'Acme' })).toBe(false);
  expect(grants('ORG_ADMIN', P.applications.IMPORT_ADVISORIES)).toBe(false);
  expect(grants('ADMIN', P.applications.IMPORT_ADVISORIES)).toBe(false);
});

it('is the table of the README', async () => {
  const readme = await readFile(path.join(__dirname, '../../../README.md'), 'utf8');
  const section = readme.slice(readme.indexOf('## Roles and permissions'));
  for (const role of BUILT_IN_ROLES) {
    const cell = role.name.startsWith('_') ? `| \`${role.name}\` | ${role.kind} |` : `| ${role.name} | ${role.kind} |`;
    expect(section).toContain(cell);
  }
});
