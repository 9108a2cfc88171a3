// What an organization admin manages of their organization (spec 6 "organization manage", issue 26
// item 14): its name, its contacts and the notification settings its processes take for each event
// they have not set. Only the caller's own organization: another's id is a 404, as an unknown one.
// A change is an 'Update Organization' event (spec 4.5) on the queue of each of its active users,
// so that open screens show the new name.
import { randomUUID } from 'node:crypto';
import {
  ORGANIZATION_CONTACTS_MAX,
  ORGANIZATION_FIELD_RULES,
  fieldSchema,
  type NotificationChannels,
  type OrganizationContact,
  type OrganizationSettings,
} from '@portal/shared/server';
import type { Database } from '../db/database';
import { fieldErrors, refuse } from '../http/input';
import { ApiProblem } from '../http/problem';
import { recordEvents } from '../realtime/outbox.repository';
import { duplicateName } from './service';
import {
  activeUserIds,
  findOrganizationById,
  findOrganizationByNameIgnoringCase,
  findOrganizationSettings,
  updateOrganizationSettings,
  type OrganizationSettingsRecord,
} from './repository';

export const UPDATE_ORGANIZATION_EVENT = 'Update Organization';

type ChannelsByEvent = Record<string, NotificationChannels>;

/**
 * The processes family's notification settings (its events, their defaults, the body's check),
 * given by app.ts: a port, since the processes family imports this one.
 */
export interface NotificationSettingsRules {
  /** Every event: the stored channels, the default for the rest. */
  complete(stored: ChannelsByEvent): ChannelsByEvent;
  /** `{ settings }` checked: a 400 naming each `settings.<event>` refused. */
  parse(body: unknown): ChannelsByEvent;
}

const NAME_FIELDS = Object.freeze({ name: fieldSchema(ORGANIZATION_FIELD_RULES.name) });
const CONTACT_FIELDS = Object.freeze({
  role: fieldSchema(ORGANIZATION_FIELD_RULES.contact.role),
  name: fieldSchema(ORGANIZATION_FIELD_RULES.contact.name),
  email: fieldSchema(ORGANIZATION_FIELD_RULES.contact.email),
});

export const NOT_A_CONTACT_LIST = `'contacts' must be a list of at most ${ORGANIZATION_CONTACTS_MAX} contacts, each { role, name, email }.`;

/** Who asks: their organization and, for the event, who they are. */
export interface SettingsCaller {
  organizationId: string;
  userId: string;
  loginId: string;
  sessionId: string;
}

function view(record: OrganizationSettingsRecord, rules: NotificationSettingsRules): OrganizationSettings {
  return {
    id: record.id,
    name: record.name,
    contacts: record.contacts ?? [],
    notification_settings: rules.complete(record.notification_settings ?? {}),
  };
}

/** The caller's own organization, or a 404 (another organization's id, an unknown or malformed one). */
function ownOrganization(caller: SettingsCaller, id: string): void {
  if (id.toLowerCase() !== caller.organizationId.toLowerCase()) throw new ApiProblem(404);
}

/** GET organizations/{id}/settings. */
export async function organizationSettingsOf(
  db: Database,
  rules: NotificationSettingsRules,
  caller: SettingsCaller,
  id: string,
): Promise<OrganizationSettings> {
  ownOrganization(caller, id);
  const record = await findOrganizationSettings(db, caller.organizationId);
  if (!record) throw new ApiProblem(404);
  return view(record, rules);
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The contacts as sent, each field with its spec 5 message (`contacts.<n>.<field>`). */
function parseContacts(value: unknown, errors: Record<string, string>): OrganizationContact[] | undefined {
  if (!Array.isArray(value) || value.length > ORGANIZATION_CONTACTS_MAX || !value.every(isObject)) {
    errors.contacts = NOT_A_CONTACT_LIST;
    return undefined;
  }
  return value.map((contact, index) => {
    // The field rules take a number as its text: it is stored as text.
    const trimmed = (field: string) => {
      const text = contact[field];
      return typeof text === 'string' ? text.trim() : typeof text === 'number' ? String(text) : text;
    };
    const values = { role: trimmed('role'), name: trimmed('name'), email: trimmed('email') };
    for (const [field, message] of Object.entries(fieldErrors(CONTACT_FIELDS, values))) errors[`contacts.${index}.${field}`] = message;
    return values as OrganizationContact;
  });
}

/** The body checked: what to change, or a 400 naming every field refused. */
function parseChanges(body: unknown, rules: NotificationSettingsRules): Partial<Omit<OrganizationSettingsRecord, 'id'>> {
  const input = isObject(body) ? body : {};
  const errors: Record<string, string> = {};
  const changes: Partial<Omit<OrganizationSettingsRecord, 'id'>> = {};
  if (input.name !== undefined && input.name !== null) {
    const name = typeof input.name === 'string' ? input.name.trim() : input.name;
    Object.assign(errors, fieldErrors(NAME_FIELDS, { name }));
    if (typeof name === 'string') changes.name = name;
  }
  if (input.contacts !== undefined && input.contacts !== null) changes.contacts = parseContacts(input.contacts, errors);
  if (input.notification_settings !== undefined && input.notification_settings !== null) {
    try {
      changes.notification_settings = rules.parse({ settings: input.notification_settings });
    } catch (error) {
      if (!(error instanceof ApiProblem)) throw error;
      for (const [field, message] of Object.entries(error.fields ?? { settings: error.detail })) {
        errors[field.replace(/^settings/, 'notification_settings')] = message;
      }
    }
  }
  refuse(errors);
  return changes;
}

/**
 * PATCH organizations/{id}/settings: the parts sent change (notification settings merge into the
 * stored ones); a name another organization has (whatever its case) is a 409.
 */
export async function changeOrganizationSettings(
  db: Database,
  rules: NotificationSettingsRules,
  caller: SettingsCaller,
  id: string,
  body: unknown,
): Promise<OrganizationSettings> {
  ownOrganization(caller, id);
  // An organization gone (deleted meanwhile) is a 404 before its input is judged.
  if (!(await findOrganizationById(db, caller.organizationId))) throw new ApiProblem(404);
  const changes = parseChanges(body, rules);
  return db.transaction(async (tx) => {
    const current = await findOrganizationSettings(tx, caller.organizationId, true);
    if (!current) throw new ApiProblem(404);
    // Nothing sent, nothing changed: nobody is told.
    if (Object.keys(changes).length === 0) return view(current, rules);
    if (changes.notification_settings) {
      changes.notification_settings = { ...current.notification_settings, ...changes.notification_settings };
    }
    const updated = await updateOrganizationSettings(tx, caller.organizationId, changes);
    if (!updated) {
      const taken = changes.name ? await findOrganizationByNameIgnoringCase(tx, changes.name) : undefined;
      const message = duplicateName(taken?.name ?? changes.name ?? '');
      throw new ApiProblem(409, message, {}, { name: message });
    }
    const renamed = updated.name !== current.name;
    const event = {
      type: UPDATE_ORGANIZATION_EVENT,
      eventId: randomUUID(),
      session_id: caller.sessionId,
      time: new Date().toISOString(),
      // An organization's event belongs to no process: its graph is empty.
      data: { graph: '', id: updated.id, login_id: caller.loginId, name: updated.name, renamed },
    };
    const recipients = await activeUserIds(tx, caller.organizationId);
    await recordEvents(tx, recipients.map((userId) => ({ destination: `events#${userId}`, body: { ...event } })));
    return view(updated, rules);
  });
}
