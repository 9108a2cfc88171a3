// Organization Administration → Organization: the organization's name and contacts (at most
// ORGANIZATION_CONTACTS_MAX), with the spec 5 messages of each field once it was left or a save was
// tried (spec 4.3: validated once triggered). Save sends only what changed.
import { Box, Button, chakra, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { ORGANIZATION_CONTACTS_MAX, showSnackbar, type OrganizationSettings } from '@portal/shared';
import { useRef, useState } from 'react';
import { TextField } from '../../../components/fields';
import { SettingsForm } from '../../../components/SettingsForm';
import { useUpdateOrganizationSettings } from '../api/updateOrganizationSettings';
import {
  CONTACT_FIELDS,
  changesOf,
  emptyContact,
  hasOrganizationErrors,
  organizationErrors,
  toValues,
  type OrganizationValues,
} from './organizationValues';

export function OrganizationDetailsForm({ settings }: { settings: OrganizationSettings }) {
  const update = useUpdateOrganizationSettings(settings.id);
  const [initial] = useState<OrganizationValues>(() => toValues(settings));
  const [values, setValues] = useState<OrganizationValues>(initial);
  const [submitted, setSubmitted] = useState(false);
  // Fields left once (`name`, `contacts.0.email`…): their messages show from then on.
  const [touched, setTouched] = useState<ReadonlySet<string>>(new Set());
  const addRef = useRef<HTMLButtonElement>(null);
  // The contact just added: its first field takes the focus.
  const [added, setAdded] = useState<number | null>(null);
  const errors = organizationErrors(values);
  const changes = changesOf(values, initial);
  const shown = (field: string, message: string | undefined) => (submitted || touched.has(field) ? message : undefined);
  const touch = (field: string) => () => setTouched((current) => new Set(current).add(field));
  const full = values.contacts.length >= ORGANIZATION_CONTACTS_MAX;

  const setContact = (index: number, patch: Partial<OrganizationValues['contacts'][number]>) =>
    setValues((current) => ({ ...current, contacts: current.contacts.map((contact, at) => (at === index ? { ...contact, ...patch } : contact)) }));

  return (
    <SettingsForm
      label="Organization details"
      mutation={update}
      changed={Object.keys(changes).length > 0}
      canSave
      saveText="Save organization"
      onAttempt={() => setSubmitted(true)}
      invalid={hasOrganizationErrors(errors)}
      stack={{ gap: 5, maxW: '2xl' }}
      // The saved settings re-key this form (a fresh one from them): a mutate() callback would die
      // with the old one, the promise does not. A failure shows in the form (update.error).
      onSave={() =>
        void update
          .mutateAsync({ id: settings.id, changes })
          .then(() => showSnackbar('Organization saved.', 'success'))
          .catch(() => undefined)
      }
    >
      <TextField
        label="Organization name"
        required
        value={values.name}
        onChange={(name) => setValues((current) => ({ ...current, name }))}
        onBlur={touch('name')}
        error={shown('name', errors.name)}
        disabled={update.isPending}
      />
      <Box>
        <Heading as="h3" size="md" mb="1">
          Contacts
        </Heading>
        <Text fontSize="sm" color="fg.muted" mb="3">
          Whom to reach in your organization, and for what (at most {ORGANIZATION_CONTACTS_MAX}).
        </Text>
        <Stack gap="4">
          {values.contacts.length === 0 && <Text fontSize="sm">No contacts yet.</Text>}
          {values.contacts.map((contact, index) => {
            const number = index + 1;
            return (
              <chakra.fieldset key={index} borderWidth="1px" borderRadius="md" p="4" disabled={update.isPending}>
                <chakra.legend px="1" fontWeight="semibold" fontSize="sm">
                  Contact {number}
                </chakra.legend>
                <Stack gap="3">
                  {CONTACT_FIELDS.map((field) => (
                    <TextField
                      key={field.key}
                      label={field.label}
                      required
                      type={field.key === 'email' ? 'email' : 'text'}
                      value={contact[field.key]}
                      onChange={(value) => setContact(index, { [field.key]: value })}
                      onBlur={touch(`contacts.${index}.${field.key}`)}
                      error={shown(`contacts.${index}.${field.key}`, errors.contacts[index]?.[field.key])}
                      helperText={'helperText' in field ? field.helperText : undefined}
                      autoFocus={index === added && field.key === 'role'}
                    />
                  ))}
                  <HStack justify="flex-end">
                    <Button
                      size="sm"
                      variant="outline"
                      colorPalette="red"
                      aria-label={`Remove contact ${number}`}
                      onClick={() => {
                        setValues((current) => ({ ...current, contacts: current.contacts.filter((_, at) => at !== index) }));
                        // Messages belong to places, not contacts: the ones after it move up.
                        setTouched(new Set());
                        setAdded(null);
                        addRef.current?.focus();
                      }}
                    >
                      Remove contact
                    </Button>
                  </HStack>
                </Stack>
              </chakra.fieldset>
            );
          })}
          <Box>
            <Button
              ref={addRef}
              size="sm"
              variant="outline"
              disabled={full || update.isPending}
              onClick={() => {
                setAdded(values.contacts.length);
                setValues((current) => ({ ...current, contacts: [...current.contacts, emptyContact()] }));
              }}
            >
              Add contact
            </Button>
            {full && (
              <Text fontSize="xs" color="fg.muted" mt="1">
                An organization keeps at most {ORGANIZATION_CONTACTS_MAX} contacts.
              </Text>
            )}
          </Box>
        </Stack>
      </Box>
    </SettingsForm>
  );
}
