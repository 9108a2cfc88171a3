// The administration pages the landing page and the Organization Administration page link to,
// each with the permission check of its route guard, from the catalogue
// (@portal/shared/permissions); the route guards (shared/src/permissions/routeGuards.ts) are the
// reference.
import { ROUTES } from '@portal/shared';
import { PERMISSIONS } from '@portal/shared/permissions';
import { allOf, anyOf, type AdminCheck } from './permissions';

export interface AdminPage {
  path: string;
  title: string;
  description: string;
  check: AdminCheck;
}

const titleOf = (path: string): string => ROUTES.find((route) => route.path === path)?.title ?? path;

const page = (path: string, description: string, check: AdminCheck): AdminPage => ({ path, title: titleOf(path), description, check });

export const ORGANIZATION_ADMINISTRATION_PAGE = page(
  '/administration/organization',
  'Your organization: its name, contacts and default notification settings; its edition, module configuration and usage.',
  PERMISSIONS.processes.MANAGE_ORGANIZATION,
);

export const GLOBAL_ADMINISTRATION_PAGE = page(
  '/administration/global',
  'Every organization: create, delete, module configuration and trial invitations.',
  PERMISSIONS.processes.GLOBAL_ORGANIZATION.LIST,
);

// Served by mfe-applications (the vulnerability database is the applications domain's), linked
// from here because it is the installation's: a Global Admin's, with or without a process, who
// imports into it; an organization administrator reads it (the route's guard, routeGuards.ts).
export const VULNERABILITY_DATABASE_PAGE = page(
  '/administration/global/vulnerabilities',
  "OSV advisories and CISA's known exploited vulnerabilities, which every organization's builds are matched against.",
  anyOf(PERMISSIONS.applications.IMPORT_ADVISORIES, PERMISSIONS.administration.ADMINISTRATOR),
);

// Issue 27 item 5: the installation's job queue, the Global Admin's (the route's guard).
export const JOBS_PAGE = page(
  '/administration/global/jobs',
  'The background jobs of every worker process: queued, running and failed per kind, durations; retry or discard a failed job.',
  PERMISSIONS.processes.GLOBAL_ORGANIZATION.LIST,
);

export const IAM_PAGE = page(
  '/administration/iam',
  'Roles, their policies and who holds them.',
  anyOf(
    PERMISSIONS.administration.ROLE.LIST,
    PERMISSIONS.administration.GLOBAL_ROLE.LIST,
  ),
);

export const COLLABORATION_ADMINISTRATION_PAGE = page(
  '/administration/collaboration',
  'Users, their roles and workgroups.',
  allOf(
    PERMISSIONS.administration.USER.LIST,
    PERMISSIONS.administration.ROLE.LIST,
    PERMISSIONS.administration.WORKGROUP.LIST,
  ),
);

export const USER_LIST_PAGE = page(
  '/administration/user-list',
  'The users of the organization, their activation and process memberships.',
  PERMISSIONS.administration.USER.LIST,
);

export const SERVICE_MODULES_PAGE = page(
  '/administration/service-modules',
  'Connected services, their configuration and API keys.',
  allOf(
    PERMISSIONS.operations.SERVICE_MODULE.LIST,
    PERMISSIONS.operations.SERVICE_MODULE.VIEW,
    PERMISSIONS.operations.SERVICE_MODULE.UPDATE,
  ),
);

export const SUBSCRIPTION_INFO_PAGE = page(
  '/settings/subscriptions',
  'Edition, limits, usage against the limits and the trial.',
  PERMISSIONS.processes.VIEW_SUBSCRIPTION,
);

/** The pages of the Administration landing page, in the order shown. */
export const ADMINISTRATION_PAGES: readonly AdminPage[] = [
  ORGANIZATION_ADMINISTRATION_PAGE,
  GLOBAL_ADMINISTRATION_PAGE,
  VULNERABILITY_DATABASE_PAGE,
  IAM_PAGE,
  COLLABORATION_ADMINISTRATION_PAGE,
  USER_LIST_PAGE,
  SERVICE_MODULES_PAGE,
  SUBSCRIPTION_INFO_PAGE,
];

/** The pages the Organization Administration page links to (spec 2.1 administration area). */
export const ORGANIZATION_PAGES: readonly AdminPage[] = [
  IAM_PAGE,
  COLLABORATION_ADMINISTRATION_PAGE,
  USER_LIST_PAGE,
  SERVICE_MODULES_PAGE,
];
