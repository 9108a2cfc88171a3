// Edits an organization's module configuration: the Code Provenance and Requirement modules on or
// off, and the number of processes, users and applications it may have (or Unlimited).
import { Box, Button, chakra, HStack, Stack, Text } from '@chakra-ui/react';
import { ErrorAlert } from '@portal/shared';
import { useState } from 'react';
import { LIMITS, MODULES, type Organization } from '../../../lib/organizations';
import { Checkbox, TextField } from '../../../components/fields';
import { useUpdateModuleConfiguration } from '../api/organizations';
import { limitErrors, sameConfiguration, toConfiguration, toValues, type LimitKey, type ModuleConfigurationValues } from './moduleConfigurationValues';
import { announceThen } from '../../../lib/announce';

export interface ModuleConfigurationFormProps {
  organization: Organization;
  onDone: () => void;
  onCancel: () => void;
}

export function ModuleConfigurationForm({ organization, onDone, onCancel }: ModuleConfigurationFormProps) {
  const [values, setValues] = useState<ModuleConfigurationValues>(() => toValues(organization.module_configuration));
  const [submitted, setSubmitted] = useState(false);
  const update = useUpdateModuleConfiguration(organization.id);
  const errors = limitErrors(values);
  const valid = Object.keys(errors).length === 0;
  const changed = valid && !sameConfiguration(toConfiguration(values), organization.module_configuration);

  const setLimit = (key: LimitKey, patch: Partial<ModuleConfigurationValues['limits'][LimitKey]>) =>
    setValues((current) => ({ ...current, limits: { ...current.limits, [key]: { ...current.limits[key], ...patch } } }));

  return (
    <chakra.form
      noValidate
      aria-label={`Module configuration of ${organization.name}`}
      onSubmit={(event) => {
        event.preventDefault();
        setSubmitted(true);
        if (!valid || !changed || update.isPending) return;
        update.mutate(toConfiguration(values), announceThen(`Module configuration of ${organization.name} saved.`, onDone));
      }}
    >
      <Stack gap="5" maxW="lg">
        <chakra.fieldset>
          <chakra.legend fontWeight="semibold" mb="2">
            Modules
          </chakra.legend>
          <Stack gap="2">
            {MODULES.map((module) => (
              <Checkbox
                key={module.key}
                label={module.label}
                checked={values[module.key]}
                onChange={(checked) => setValues((current) => ({ ...current, [module.key]: checked }))}
              />
            ))}
          </Stack>
        </chakra.fieldset>
        <chakra.fieldset>
          <chakra.legend fontWeight="semibold" mb="2">
            Limits
          </chakra.legend>
          <Text fontSize="sm" color="fg.muted" mb="3">
            How many of each the organization may have.
          </Text>
          <Stack gap="4">
            {LIMITS.map(({ limit, label, usage }) => {
              const value = values.limits[limit];
              return (
                <Box key={limit}>
                  <HStack align="flex-start" gap="4">
                    <Box flex="1">
                      <TextField
                        label={label}
                        type="number"
                        value={value.unlimited ? '' : value.count}
                        placeholder={value.unlimited ? 'Unlimited' : undefined}
                        disabled={value.unlimited}
                        onChange={(count) => setLimit(limit, { count })}
                        error={submitted || value.count !== '' ? errors[limit] : undefined}
                        helperText={`In use: ${organization.usage[usage]}`}
                      />
                    </Box>
                    <Box pt="8">
                      <Checkbox
                        label="Unlimited"
                        ariaLabel={`${label} unlimited`}
                        checked={value.unlimited}
                        onChange={(unlimited) => setLimit(limit, { unlimited, count: '' })}
                      />
                    </Box>
                  </HStack>
                </Box>
              );
            })}
          </Stack>
        </chakra.fieldset>
        {update.error && <ErrorAlert error={update.error} />}
        <HStack gap="3">
          <Button type="submit" colorPalette="brand" disabled={!changed} loading={update.isPending} loadingText="Save">
            Save
          </Button>
          <Button variant="outline" onClick={onCancel} disabled={update.isPending}>
            Cancel
          </Button>
        </HStack>
      </Stack>
    </chakra.form>
  );
}
