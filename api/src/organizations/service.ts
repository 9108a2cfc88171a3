// What the Global Admin does with organizations (docs/authorization.md "Organizations"): create
// one with its first admin, or a 14-day trial whose admin is invited by mail; the subscription an
// organization's members see.
import {
  FREE_TRIAL_DAYS,
  fieldSchema,
  type NewOrganization,
  type OrganizationView,
  type ProcessModuleConfiguration,
  type SubscriptionView,
  type TrialInvitation,
} from '@portal/shared/server';
import { ORG_ADMIN } from '../authorization/defaults';
import type { Queryable } from '../db/database';
import { ApiProblem } from '../http/problem';
import { hashPassword } from '../identity/passwords';
import type { Mailer } from '../mail/mailer';
import type { IdentityContext } from '../identity/context';
import { insertInvitation, mailInvitation } from '../users/index';
import { insertUser, type UserRecord } from '../users/index';
import { NEW_USER_FIELDS, fieldErrors, newUserErrors } from '../users/service';
import {
  deleteOrganization,
  findOrganizationById,
  findOrganizationByNameIgnoringCase,
  insertOrganization,
  listOrganizations,
  organizationUsage,
  updateModuleConfiguration,
  type OrganizationRecord,
  type OrganizationUsage,
} from './repository';

export const TRIAL_EDITION = 'Enterprise Trial';
const DAY_MS = 24 * 3_600_000;

/** An organization's name: 1–255 characters once trimmed (as at the initialization). */
export const ORGANIZATION_FIELDS = Object.freeze({ name: fieldSchema({ required: true, max: 255 }) });

// The API's Organization (snake_case, times as ISO strings) and subscription: the contract's.
export type { OrganizationView, SubscriptionView };


const NO_USAGE: OrganizationUsage = { projects: 0, users: 0, apps: 0 };
const iso = (time: Date | string): string => new Date(time).toISOString();

export function organizationView(record: OrganizationRecord, usage: OrganizationUsage = NO_USAGE): OrganizationView {
  return {
    id: record.id,
    name: record.name,
    created_at: iso(record.created_at),
    edition: record.edition,
    trial_ends_at: record.trial_ends_at ? iso(record.trial_ends_at) : null,
    module_configuration: record.module_configuration,
    usage,
  };
}

/** Every organization with its usage, by name. */
export async function listOrganizationViews(db: Queryable): Promise<OrganizationView[]> {
  const [organizations, usage] = await Promise.all([listOrganizations(db), organizationUsage(db)]);
  return organizations.map((organization) => organizationView(organization, usage.get(organization.id)));
}

/** The organization `id` (undefined when there is none, or `id` is no id). */
export function findOrganization(db: Queryable, id: string): Promise<OrganizationRecord | undefined> {
  return findOrganizationById(db, id);
}

/** Deletes the organization `id`; false when there was none. */
export function removeOrganization(db: Queryable, id: string): Promise<boolean> {
  return deleteOrganization(db, id);
}

/** Sets the organization's modules and limits; undefined when there is no organization `id`. */
export function configureModules(db: Queryable, id: string, configuration: ProcessModuleConfiguration): Promise<OrganizationRecord | undefined> {
  return updateModuleConfiguration(db, id, configuration);
}

/** The view of one organization with its usage read now. */
export async function describeOrganization(db: Queryable, record: OrganizationRecord): Promise<OrganizationView> {
  return organizationView(record, (await organizationUsage(db, [record.id])).get(record.id));
}

export const duplicateName = (name: string): string => `An organization named '${name}' already exists.`;
export const duplicateLogin = (login: string): string => `A user with login id '${login}' already exists.`;

function prefixed(prefix: string, errors: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(errors).map(([field, message]) => [`${prefix}.${field}`, message]));
}

function refuse(errors: Record<string, string>): void {
  const [first] = Object.values(errors);
  if (first !== undefined) throw new ApiProblem(400, first, {}, errors);
}

/** A name in use (whatever its case) is a conflict; checked again by the unique index. */
async function assertNameFree(db: Queryable, name: string): Promise<void> {
  const existing = await findOrganizationByNameIgnoringCase(db, name);
  if (existing) throw new ApiProblem(409, duplicateName(existing.name), {}, { name: duplicateName(existing.name) });
}

/** POST organizations as received: the contract's NewOrganization, any part of which may be missing. */
export type NewOrganizationInput = Partial<Omit<NewOrganization, 'admin'>> & { admin?: Partial<NewOrganization['admin']> };

/**
 * POST organizations: the organization and its first admin, active with ORG_ADMIN (two-factor is
 * set up at the first sign-in), in one transaction.
 */
export async function createOrganization(context: IdentityContext, input: NewOrganizationInput): Promise<OrganizationView> {
  const name = input.name?.trim() ?? '';
  const admin = { login_id: '', name: '', email: '', password: '', ...input.admin };
  refuse({
    ...fieldErrors(ORGANIZATION_FIELDS, { name }),
    ...prefixed(
      'admin',
      newUserErrors({ login_id: admin.login_id, name: admin.name.trim(), email: admin.email, password: admin.password }),
    ),
  });
  const passwordHash = await hashPassword(admin.password);
  const now = context.now();
  return context.db.transaction(async (tx) => {
    await assertNameFree(tx, name);
    const organization = await insertOrganization(tx, { name, now });
    if (!organization) throw new ApiProblem(409, duplicateName(name), {}, { name: duplicateName(name) });
    const user = await insertUser(tx, {
      organizationId: organization.id,
      loginId: admin.login_id,
      name: admin.name.trim(),
      email: admin.email,
      passwordHash,
      roles: [ORG_ADMIN],
      now,
    });
    if (!user) {
      throw new ApiProblem(409, duplicateLogin(admin.login_id), {}, { 'admin.login_id': duplicateLogin(admin.login_id) });
    }
    return describeOrganization(tx, organization);
  });
}

/**
 * The trial admin's login id, from the address: its local part in the login id alphabet
 * (lowercase, digits, `_`), at least 3 characters; `_2`, `_3` … when taken.
 */
export function loginIdCandidates(email: string, count = 100): string[] {
  let base = (email.split('@')[0] ?? '').toLowerCase().replace(/[^a-z0-9_]/g, '_').slice(0, 60);
  if (base.length < 3) base = `${base}_admin`.replace(/^_/, '');
  return [base, ...Array.from({ length: count - 1 }, (_, index) => `${base}_${index + 2}`)];
}

/** POST organizations/trials as received: the contract's TrialInvitation, any part of which may be missing. */
export type TrialInput = Partial<TrialInvitation>;

export interface TrialOptions {
  inviter: UserRecord;
  /** The scheme and host of the invitation link (the caller's). */
  origin: string;
}

/**
 * POST organizations/trials: a 14-day trial organization (edition 'Enterprise Trial') whose admin
 * — inactive, ORG_ADMIN — is invited by mail to set a password (spec 4.2 invitation flow).
 */
export async function createTrialOrganization(
  context: IdentityContext,
  mailer: Mailer,
  input: TrialInput,
  { inviter, origin }: TrialOptions,
): Promise<OrganizationView> {
  const name = input.name?.trim() ?? '';
  const email = input.email?.trim() ?? '';
  refuse({ ...fieldErrors(ORGANIZATION_FIELDS, { name }), ...fieldErrors({ email: NEW_USER_FIELDS.email }, { email }) });
  const now = context.now();
  const trialEndsAt = new Date(now.getTime() + FREE_TRIAL_DAYS * DAY_MS);
  const adminName = email.split('@')[0] ?? email;
  const { view, invitation } = await context.db.transaction(async (tx) => {
    await assertNameFree(tx, name);
    const organization = await insertOrganization(tx, { name, now, edition: TRIAL_EDITION, trialEndsAt });
    if (!organization) throw new ApiProblem(409, duplicateName(name), {}, { name: duplicateName(name) });
    for (const login_id of loginIdCandidates(email)) {
      const invited = await insertInvitation(
        tx,
        { organizationId: organization.id, login_id, name: adminName, email, roles: [ORG_ADMIN] },
        inviter.id,
        now,
      );
      if (invited) return { view: await describeOrganization(tx, organization), invitation: invited };
    }
    throw new ApiProblem(409, `No free login id could be made from '${email}'.`, {}, { email: 'No free login id could be made from this address.' });
  });
  await mailInvitation(mailer, {
    to: email,
    name: adminName,
    login_id: invitation.user.login_id,
    inviterName: inviter.name,
    token: invitation.token,
    origin,
    purpose: `Your organization '${view.name}' has a ${FREE_TRIAL_DAYS}-day trial of the portal, until ${trialEndsAt.toISOString().slice(0, 10)}. You are its administrator.`,
  });
  return view;
}

/** GET organizations/subscription: the caller's organization's edition, trial, limits and usage. */
export async function subscriptionOf(db: Queryable, organizationId: string, now: Date): Promise<SubscriptionView> {
  const record = await findOrganizationById(db, organizationId);
  if (!record) throw new ApiProblem(404);
  const { usage } = await describeOrganization(db, record);
  return {
    organization: { id: record.id, name: record.name },
    edition: record.edition,
    trial: record.trial_ends_at
      ? { active: new Date(record.trial_ends_at).getTime() > now.getTime(), ends_at: iso(record.trial_ends_at) }
      : null,
    limits: record.module_configuration,
    usage,
  };
}
