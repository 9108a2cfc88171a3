// The administration shapes of docs/authorization.md: organizations and their subscription, users
// and workgroups, IAM roles and policies, service modules' API keys and a process's notification
// channels. The API answers (or receives) them and mfe-admin reads (or sends) them: both import
// them from here.
import type { FieldRules } from './formField';
import type { DashboardType, ProcessModuleConfiguration, ProcessType } from './process';
import type { PolicyEffect } from './session';

/** What an organization counts against its limits. */
export interface OrganizationUsage {
  projects: number;
  users: number;
  apps: number;
}

/** GET organizations, organizations/{id}: an organization as the Global Admin sees it. */
export interface OrganizationView {
  id: string;
  name: string;
  created_at: string;
  edition: string;
  trial_ends_at: string | null;
  /** Its modules and limits; counts of -1 are unlimited. */
  module_configuration: ProcessModuleConfiguration;
  usage: OrganizationUsage;
}

/** GET subscription: the organization's edition, trial, limits and usage, for its members. */
export interface SubscriptionView {
  organization: { id: string; name: string };
  edition: string;
  trial: { active: boolean; ends_at: string } | null;
  limits: ProcessModuleConfiguration;
  usage: OrganizationUsage;
}

/** POST organizations: the organization and its first admin. */
export interface NewOrganization {
  name: string;
  admin: { login_id: string; name: string; email: string; password: string };
}

/** A user's roles in one process. */
export interface ProcessMembership {
  /** The process's code name. */
  process: string;
  roles: string[];
}

/** GET users: a user of the organization. */
export interface UserSummary {
  id: string;
  login_id: string;
  name: string;
  email: string;
  /** Organization (and global) roles held by the user. */
  roles: string[];
  inactive: boolean;
  mfa_enabled: boolean;
  memberships: ProcessMembership[];
  workgroups: { id: string; name: string }[];
}

/** GET workgroups/{id}/members: a member of a workgroup. */
export interface WorkgroupMember {
  id: string;
  login_id: string;
  name: string;
}

/** Which roles IAM edits (`?scope=`): the organization's, or the global variants (Global Admin). */
export type RoleScope = 'organization' | 'global';
export type RoleKind = 'process' | 'organization' | 'global';

/** A policy of a role; its principal is implied (`Role::<name>`). */
export interface PolicyInput {
  effect: PolicyEffect;
  actions: string[];
  resources: string[];
  condition?: string | null;
}

/** GET iam/roles (and POST, PUT iam/roles/{name}): a role of the organization, or a global one. */
export interface RoleView {
  name: string;
  kind: RoleKind;
  description: string;
  built_in: boolean;
  /** A built-in role whose policies or description differ from its default in this scope. */
  customized: boolean;
  policies: PolicyInput[];
}

/** POST iam/roles: a new role (global ones, named `_…`, in the global scope). */
export interface NewRole {
  name: string;
  kind: RoleKind;
  description: string;
  policies: PolicyInput[];
}

/** PUT roles/{name}: a role's new description (kept when left out) and policies. */
export interface RoleChanges {
  description?: string;
  policies: PolicyInput[];
}

/** PATCH iam/roles/{name}/assignments: gives a user the role, or takes it away. */
export interface RoleAssignmentPayload {
  user_id: string;
  assigned: boolean;
}

/** A service module's API key, without the key itself. */
export interface ApiKeyView {
  prefix: string;
  created_at: string;
}

/** The key itself, answered once at creation and rotation, never stored. */
export interface IssuedApiKey extends ApiKeyView {
  api_key_value: string;
}

/** GET/PUT processes/{code}/notification-settings: the channels of one kind of notification. */
export interface NotificationChannels {
  mail: boolean;
  portal: boolean;
}

/** A contact of an organization (spec 6 organization manage): whom to reach, and for what. */
export interface OrganizationContact {
  /** What the contact is for: 'Security', 'Billing', 'Data protection officer'… */
  role: string;
  name: string;
  email: string;
}

/** How many contacts an organization keeps. */
export const ORGANIZATION_CONTACTS_MAX = 10;

/** The rules of the organization manage form, the API judging with the same (spec 5 messages). */
export const ORGANIZATION_FIELD_RULES = Object.freeze({
  name: { required: true, max: 255 },
  contact: {
    role: { required: true, format: 'safetext', max: 255 },
    name: { required: true, max: 255 },
    email: { required: true, format: 'email', max: 255 },
  },
} as const satisfies { name: FieldRules; contact: Record<keyof OrganizationContact, FieldRules> });

/**
 * GET organizations/{id}/settings: what an organization admin manages of their organization. The
 * notification settings are the organization's defaults: a process takes them for each event it
 * has not set itself (GET projects/notificationSettings answers them so).
 */
export interface OrganizationSettings {
  id: string;
  name: string;
  contacts: OrganizationContact[];
  notification_settings: Record<string, NotificationChannels>;
}

/** PATCH organizations/{id}/settings: what changes; a part left out is kept. */
export interface OrganizationSettingsChanges {
  name?: string;
  /** The whole list: contacts left out of it are removed. */
  contacts?: OrganizationContact[];
  /** Events left out keep their default. */
  notification_settings?: Record<string, NotificationChannels>;
}

/** POST administration/initialization: the first organization and its Global Admin. */
export interface InitializationPayload {
  organization: { name: string };
  admin: { name: string; login_id: string; email: string; password: string };
}

/** POST administration/initialization's answer. */
export interface InitializationResult {
  organization: { id: string; name: string };
  admin: { login_id: string };
}

/** POST organizations/trials: who is invited to a trial organization. */
export interface TrialInvitation {
  name: string;
  email: string;
}

/** POST users: a user invited by mail, with organization roles and process memberships. */
export interface InvitePayload {
  login_id: string;
  name: string;
  email: string;
  roles: string[];
  memberships?: ProcessMembership[];
}

/** PATCH users/memberships: a user's roles in one process. */
export interface MembershipPayload {
  user_id: string;
  /** The process's code name. */
  process: string;
  /** [] disenrolls the user from the process. */
  roles: string[];
}

/** POST projects: a new process. */
export interface ProcessPayload {
  code_name: string;
  name: string;
  type: ProcessType;
  dashboard_type: DashboardType;
}

/** PATCH projects/{code}: a process's name, type and dashboard type. */
export type ProcessUpdate = Omit<ProcessPayload, 'code_name'>;

/** PATCH projects/{code}/moduleConfiguration: the process's own switches of the code and requirement modules. */
export type ProcessModuleSwitches = Partial<Pick<ProcessModuleConfiguration, 'code' | 'requirement'>>;

/** GET/POST projects/notificationSettings: the channels of each event, by the event's name. */
export interface NotificationSettingsBody {
  settings: Record<string, NotificationChannels>;
}

/** GET workgroups (and POST, PUT workgroups/{id}): a workgroup with its members. */
export interface WorkgroupView {
  id: string;
  name: string;
  description: string;
  members: WorkgroupMember[];
}

/** POST workgroups, PUT workgroups/{id}: a workgroup's name, description and members. */
export interface WorkgroupPayload {
  name: string;
  description: string;
  member_ids: string[];
}

/** GET users: `organization` narrows the list to one organization's users. */
export interface UserListQuery {
  organization?: string;
}

/** GET users/assignees: `permission` narrows the list to the users holding it. */
export interface AssigneeQuery {
  permission?: string;
}

/** GET/POST iam/roles: `scope=global` asks for the global roles. */
export interface RoleScopeQuery {
  scope?: string;
}
