// Creates a role (name, kind, description, permissions and other policies) or edits one
// (description, permissions and policies; a built-in role's edit is stored as this organization's
// own version, or the global one).
import { Box, Button, chakra, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { ErrorAlert, showSnackbar } from '@portal/shared';
import { useState } from 'react';
import { SelectField, TextField } from '../../../components/fields';
import { useCreateRole, useUpdateRole, type Role, type RoleKind, type RoleScope } from '../api/roles';
import { PermissionChooser } from './PermissionChooser';
import { PolicyEditor } from './PolicyEditor';
import { changed, emptyRole, hasErrors, kindsOf, roleErrors, toNewRole, toPolicies, toValues, type RoleValues } from './roleValues';

export const KIND_LABELS: Record<RoleKind, string> = {
  process: 'Process role',
  organization: 'Organization role',
  global: 'Global role',
};

export interface RoleFormProps {
  scope: RoleScope;
  /** The role to edit; absent to create one. */
  role?: Role;
  onDone: () => void;
  onCancel: () => void;
}

export function RoleForm({ scope, role, onDone, onCancel }: RoleFormProps) {
  const editing = role !== undefined;
  const [initial] = useState<RoleValues>(() => (role ? toValues(role) : emptyRole(scope)));
  const [values, setValues] = useState<RoleValues>(initial);
  const [submitted, setSubmitted] = useState(false);
  const [nameTouched, setNameTouched] = useState(false);
  const create = useCreateRole(scope);
  const update = useUpdateRole(scope);
  const mutation = editing ? update : create;
  const errors = roleErrors(values, scope, !editing);
  const invalid = hasErrors(errors);
  const dirty = changed(values, initial);

  const submit = () => {
    setSubmitted(true);
    if (invalid || !dirty || mutation.isPending) return;
    const done = (message: string) => () => {
      showSnackbar(message, 'success');
      onDone();
    };
    if (editing) {
      update.mutate(
        { name: role.name, changes: { description: values.description.trim(), policies: toPolicies(values) } },
        { onSuccess: done(`Role ${role.name} saved.`) },
      );
    } else {
      create.mutate(toNewRole(values), { onSuccess: done(`Role ${values.name} created.`) });
    }
  };

  return (
    <chakra.form
      noValidate
      aria-label={editing ? `Edit role ${role.name}` : 'Create role'}
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <Stack gap="5" maxW="2xl">
        {editing && role.built_in && (
          <Text fontSize="sm" color="fg.muted">
            {scope === 'global'
              ? 'A built-in role: saving changes its global version; Restore default brings the default back.'
              : 'A built-in role: saving stores this organization’s own version; Restore default brings the default back.'}
          </Text>
        )}
        {!editing && (
          <HStack align="flex-start" gap="4" wrap="wrap">
            <Box flex="1" minW="60">
              <TextField
                label="Name"
                required
                value={values.name}
                onChange={(name) => setValues((current) => ({ ...current, name }))}
                onBlur={() => setNameTouched(true)}
                error={submitted || nameTouched ? errors.name : undefined}
                helperText={scope === 'global' ? 'Begins with _; letters, digits, _ and -.' : 'Letters, digits, _ and -.'}
              />
            </Box>
            <Box minW="48">
              <SelectField
                label="Kind"
                value={values.kind}
                options={kindsOf(scope).map((kind) => ({ value: kind, label: KIND_LABELS[kind] }))}
                disabled={kindsOf(scope).length === 1}
                onChange={(kind) => setValues((current) => ({ ...current, kind }))}
              />
            </Box>
          </HStack>
        )}
        <TextField
          label="Description"
          multiline
          value={values.description}
          onChange={(description) => setValues((current) => ({ ...current, description }))}
          error={errors.description}
        />
        <Box>
          <Heading as="h3" size="md" mb="3">
            Permissions
          </Heading>
          <PermissionChooser
            chosen={values.permissions}
            disabled={mutation.isPending}
            onChange={(permissions) => setValues((current) => ({ ...current, permissions }))}
          />
        </Box>
        <Box>
          <Heading as="h3" size="md" mb="1">
            Other policies
          </Heading>
          <Text fontSize="sm" color="fg.muted" mb="3">
            What the permissions above cannot say: forbid or restrict, a condition, a wildcard, a resource of its own.
          </Text>
          <PolicyEditor
            policies={values.policies}
            errors={errors.policies}
            showRequired={submitted}
            disabled={mutation.isPending}
            emptyText="No other policies."
            onChange={(policies) => setValues((current) => ({ ...current, policies }))}
          />
        </Box>
        {mutation.error && <ErrorAlert error={mutation.error} />}
        <HStack gap="3">
          <Button type="submit" colorPalette="brand" disabled={!dirty} loading={mutation.isPending} loadingText={editing ? 'Save' : 'Create'}>
            {editing ? 'Save' : 'Create'}
          </Button>
          <Button variant="outline" onClick={onCancel} disabled={mutation.isPending}>
            Cancel
          </Button>
        </HStack>
      </Stack>
    </chakra.form>
  );
}
