// The values of the organization manage form (spec 6): its name and contacts, checked with the
// rules the API judges them by (ORGANIZATION_FIELD_RULES, spec 5 messages), and what to send.
import { ORGANIZATION_FIELD_RULES, type OrganizationContact, type OrganizationSettings, type OrganizationSettingsChanges } from '@portal/shared';
import { fieldErrors, hasErrors, type FormErrors } from '../../../lib/formErrors';

export interface OrganizationValues {
  name: string;
  contacts: OrganizationContact[];
}

export interface OrganizationErrors {
  name?: string;
  contacts: FormErrors<OrganizationContact>[];
}

export const CONTACT_FIELDS = [
  { key: 'role', label: 'Role', helperText: 'What to reach them for, e.g. Security or Billing.' },
  { key: 'name', label: 'Name' },
  { key: 'email', label: 'Email' },
] as const satisfies readonly { key: keyof OrganizationContact; label: string; helperText?: string }[];

export const emptyContact = (): OrganizationContact => ({ role: '', name: '', email: '' });

export function toValues(settings: OrganizationSettings): OrganizationValues {
  return { name: settings.name, contacts: settings.contacts.map((contact) => ({ ...contact })) };
}

const trimmed = (contact: OrganizationContact): OrganizationContact & Record<string, string> => ({
  role: contact.role.trim(),
  name: contact.name.trim(),
  email: contact.email.trim(),
});

export function organizationErrors(values: OrganizationValues): OrganizationErrors {
  return {
    name: fieldErrors({ name: ORGANIZATION_FIELD_RULES.name }, { name: values.name }).name,
    contacts: values.contacts.map((contact) => fieldErrors(ORGANIZATION_FIELD_RULES.contact, trimmed(contact))),
  };
}

export function hasOrganizationErrors(errors: OrganizationErrors): boolean {
  return Boolean(errors.name) || errors.contacts.some(hasErrors);
}

/** What changed against the stored settings: only those parts are sent (null means absent to the API). */
export function changesOf(values: OrganizationValues, initial: OrganizationValues): OrganizationSettingsChanges {
  const changes: OrganizationSettingsChanges = {};
  if (values.name.trim() !== initial.name) changes.name = values.name.trim();
  const contacts = values.contacts.map(trimmed);
  if (JSON.stringify(contacts) !== JSON.stringify(initial.contacts)) changes.contacts = contacts;
  return changes;
}
