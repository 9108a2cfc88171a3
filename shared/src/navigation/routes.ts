// The route table of spec 2.1 and who owns each route (ARCHITECTURE.md). The host mounts the
// owner of the current path; remotes read their screens' titles from here. Permissions per
// route arrive with the policy engine (spec 6).

export const REMOTES = [
  'mfe-auth',
  'mfe-requirements',
  'mfe-collaboration',
  'mfe-applications',
  'mfe-operations',
  'mfe-admin',
] as const;

export type RemoteName = (typeof REMOTES)[number];
export type RouteOwner = RemoteName | 'host';

/** How each remote's area is named to users (loading text, fallback). */
export const REMOTE_AREAS: Record<RemoteName, string> = {
  'mfe-auth': 'Sign-in and account',
  'mfe-requirements': 'Requirements',
  'mfe-collaboration': 'Collaboration',
  'mfe-applications': 'Applications',
  'mfe-operations': 'Operations',
  'mfe-admin': 'Administration',
};

export interface RouteDefinition {
  /** Path pattern; `:name` matches one segment. */
  path: string;
  title: string;
  owner: RouteOwner;
}

/** The module-federation name of a remote (a JavaScript identifier). */
export function federationName(remote: RemoteName): string {
  return remote.replace(/-/g, '_');
}

const r = (path: string, title: string, owner: RouteOwner): RouteDefinition => ({ path, title, owner });

export const ROUTES: readonly RouteDefinition[] = [
  r('/', 'Home', 'mfe-auth'),
  r('/about', 'About', 'host'),
  r('/404', 'Page Not Found', 'host'),
  r('/support/contactUs', 'Contact Us', 'host'),
  r('/support/logout', 'Logout', 'host'),
  r('/poc', 'Proof of Concept', 'host'),
  r('/poc/centrifugo', 'Centrifugo', 'host'),
  r('/poc/grafana', 'Grafana', 'host'),
  // The POC group's CVEs browse the vulnerability database: mfe-applications' screen of it.
  r('/poc/nvd-cve', 'CVEs', 'mfe-applications'),
  r('/poc/notifications', 'Rabbitmq', 'host'),

  r('/settings', 'Settings', 'mfe-auth'),
  r('/settings/change-password', 'Change Password', 'mfe-auth'),
  r('/settings/user-profile', 'Account Profile', 'mfe-auth'),
  r('/settings/two-factor-authentication', 'Two-Factor Authentication', 'mfe-auth'),
  r('/user-invitation/:token', 'Invitation', 'mfe-auth'),
  r('/user-invitation/:organization/:token', 'Invitation', 'mfe-auth'),

  r('/dashboard', 'Dashboard', 'mfe-requirements'),
  r('/requirements', 'Depository', 'mfe-requirements'),
  r('/requirements/add-requirement', 'Add Requirement', 'mfe-requirements'),
  r('/requirements/modify', 'Modify Requirement', 'mfe-requirements'),
  r('/requirements/priorityPlanes', 'Requirement Priority Planes', 'mfe-requirements'),
  r('/requirements/comments', 'Comments', 'mfe-requirements'),
  r('/review-requirement', 'Review Requirement', 'mfe-requirements'),
  r('/gap-analysis', 'Gap Analysis', 'mfe-requirements'),
  r('/reports', 'Reports', 'mfe-requirements'),
  r('/priorityPlanes', 'Analytics', 'mfe-requirements'),
  r('/demo/markdown-preview', 'Markdown Preview', 'mfe-requirements'),

  r('/collaboration', 'Collaboration', 'mfe-collaboration'),
  r('/collaboration/share-files', 'Shared Files', 'mfe-collaboration'),
  r('/collaboration/org-chart', 'Organization Chart', 'mfe-collaboration'),
  r('/collaboration/tasks', 'Tasks', 'mfe-collaboration'),
  r('/workflow', 'Workflow', 'mfe-collaboration'),
  r('/view-task', 'View Task', 'mfe-collaboration'),
  r('/assign-task', 'Assign Task', 'mfe-collaboration'),

  r('/applications', 'Security Posture', 'mfe-applications'),
  r('/applications/priorityPlanes', 'Application Priority Planes', 'mfe-applications'),
  r('/applications/GraphView', 'Graph View', 'mfe-applications'),
  r('/applications/monitoring/events', 'Continuous Monitoring', 'mfe-applications'),
  r('/applications/:app_key', 'Application', 'mfe-applications'),
  r('/applications/:app_key/rbom-settings', 'RBOM Settings', 'mfe-applications'),

  r('/security', 'Security', 'mfe-operations'),
  r('/security/azure', 'Azure Defender', 'mfe-operations'),
  r('/security/aws', 'AWS', 'mfe-operations'),
  r('/security/sbom', 'SBOM', 'mfe-operations'),
  r('/security/sast', 'SAST', 'mfe-operations'),
  r('/security/iac', 'IaC Controls', 'mfe-operations'),
  r('/security/defender', 'Defender', 'mfe-operations'),
  r('/security/clouds', 'Clouds', 'mfe-operations'),
  // Issue 25 items 2 and 5: the process's built-in and custom metrics over time.
  r('/metrics', 'Metrics', 'mfe-operations'),
  r('/alarms', 'Alarms', 'mfe-operations'),
  r('/alarms/:id', 'Alarm', 'mfe-operations'),

  r('/administration', 'Administration', 'mfe-admin'),
  r('/administration/service-modules', 'Service Modules', 'mfe-admin'),
  r('/administration/organization', 'Organization Administration', 'mfe-admin'),
  r('/administration/global', 'Global Administration', 'mfe-admin'),
  r('/administration/global/initialization', 'Initialization', 'mfe-admin'),
  // The vulnerability database is the applications domain's, and the installation's: a Global Admin
  // imports into it from Global Administration, with or without a process.
  r('/administration/global/vulnerabilities', 'Vulnerability Database', 'mfe-applications'),
  // Issue 27 item 5: the installation's job queue, for the Global Admin.
  r('/administration/global/jobs', 'Background Jobs', 'mfe-admin'),
  r('/administration/iam', 'IAM', 'mfe-admin'),
  r('/administration/collaboration', 'Collaboration Administration', 'mfe-admin'),
  r('/administration/user-list', 'User List', 'mfe-admin'),
  r('/projects', 'Processes', 'mfe-admin'),
  r('/projects/new-project', 'New Process', 'mfe-admin'),
  r('/projects/settings', 'Process Settings', 'mfe-admin'),
  r('/settings/subscriptions', 'Subscription Info', 'mfe-admin'),
];

export interface RouteMatch {
  route: RouteDefinition;
  params: Record<string, string>;
}

function segments(path: string): string[] {
  return path.split('/').filter(Boolean);
}

/** A path segment decoded, or undefined when it is malformed (/applications/%zz is a 404). */
function decodeSegment(segment: string): string | undefined {
  try {
    return decodeURIComponent(segment);
  } catch {
    return undefined;
  }
}

function matchPattern(pattern: string, pathname: string): Record<string, string> | undefined {
  const want = segments(pattern);
  const have = segments(pathname);
  if (want.length !== have.length) return undefined;
  const params: Record<string, string> = {};
  for (let i = 0; i < want.length; i++) {
    if (want[i].startsWith(':')) {
      const value = decodeSegment(have[i]);
      if (value === undefined) return undefined;
      params[want[i].slice(1)] = value;
    }
    else if (want[i] !== have[i]) return undefined;
  }
  return params;
}

/** Static segments win over parameters: /applications/GraphView is not an app key. */
function specificity(route: RouteDefinition): number {
  return segments(route.path).filter((s) => !s.startsWith(':')).length;
}

const BY_SPECIFICITY = [...ROUTES].sort((a, b) => specificity(b) - specificity(a));

/** The route a pathname resolves to, or undefined for an unknown path (the 404 page). */
export function resolveRoute(pathname: string): RouteMatch | undefined {
  for (const route of BY_SPECIFICITY) {
    const params = matchPattern(route.path, pathname);
    if (params) return { route, params };
  }
  return undefined;
}

/** The routes a remote serves. */
export function routesOf(owner: RouteOwner): RouteDefinition[] {
  return ROUTES.filter((route) => route.owner === owner);
}
