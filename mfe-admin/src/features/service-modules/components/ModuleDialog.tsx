// Add a service module of a chosen type, or edit one: name, category and the type's settings.
// Secret settings are write-only: password inputs that are never prefilled; when editing, an empty
// one keeps the stored value.
import { Text } from '@chakra-ui/react';
import { FormDialog, validateField } from '@portal/shared';
import { useState } from 'react';
import { SelectField, TextField } from '../../../components/fields';
import { configFieldsOf, MODULE_TYPE_DEFINITIONS, MODULE_TYPES, moduleTypeLabel, type ModuleConfigField } from '../api/moduleTypes';
import { useCreateServiceModule, useEditServiceModule, type ServiceModuleDetails } from '../api/serviceModules';

export interface ModuleDialogProps {
  /** The module to edit; absent to add one. */
  module?: ServiceModuleDetails;
  onClose: () => void;
  /** After a creation, with the API key the API issued (shown once), if any. */
  onCreated: (module: ServiceModuleDetails, apiKeyValue: string | null) => void;
  onEdited: (module: ServiceModuleDetails) => void;
}

/** A secret counts as stored when the API lists its field (always with the value null). */
export const isSecretSet = (module: ServiceModuleDetails | undefined, field: string): boolean => Boolean(module?.secrets_set.includes(field));

const initialValue = (module: ServiceModuleDetails | undefined, field: ModuleConfigField): string => {
  if (!module || field.secret) return '';
  const value = module.configs[field.name];
  return value === null || value === undefined ? '' : String(value);
};

export function ModuleDialog({ module, onClose, onCreated, onEdited }: ModuleDialogProps) {
  const [type, setType] = useState<string>(module?.type ?? MODULE_TYPES[0]);
  const [name, setName] = useState(module?.name ?? '');
  const [category, setCategory] = useState(module?.category ?? '');
  const fields = configFieldsOf(type, module?.configs, module?.secret_fields);
  const [configs, setConfigs] = useState<Record<string, string>>(() => Object.fromEntries(fields.map((field) => [field.name, initialValue(module, field)])));
  const [submitted, setSubmitted] = useState(false);
  const create = useCreateServiceModule();
  const edit = useEditServiceModule();
  const mutation = module ? edit : create;

  // A stored secret need not be typed again.
  const rulesOf = (field: ModuleConfigField) => (field.secret && isSecretSet(module, field.name) ? { ...field.rules, required: false } : field.rules);
  const errors: Record<string, string | undefined> = {
    name: validateField({ required: true, max: 255 }, name),
    category: validateField({ max: 255 }, category),
    ...Object.fromEntries(fields.map((field) => [`config:${field.name}`, validateField(rulesOf(field), configs[field.name] ?? '')])),
  };
  const shown = submitted ? errors : {};

  const submit = () => {
    setSubmitted(true);
    if (Object.values(errors).some(Boolean)) return;
    // Secrets left empty are not sent: the API keeps what it stores.
    const sent = Object.fromEntries(fields.filter((field) => !(field.secret && !configs[field.name])).map((field) => [field.name, (configs[field.name] ?? '').trim()]));
    const payload = { name: name.trim(), category: category.trim() || null };
    if (module) {
      const configsChanged = fields.some((field) => (field.secret ? Boolean(configs[field.name]) : (configs[field.name] ?? '') !== initialValue(module, field)));
      edit.mutate({ module, ...payload, configs: configsChanged ? sent : undefined }, { onSuccess: () => onEdited({ ...module, ...payload }) });
    } else {
      create.mutate(
        { type, ...payload, configs: sent },
        {
          onSuccess: ({ api_key_value, ...created }) => onCreated(created, api_key_value ?? null),
        },
      );
    }
  };

  return (
    <FormDialog
      open
      title={module ? `Edit ${module.name}` : 'Add service module'}
      submitText={module ? 'Save' : 'Add module'}
      busy={mutation.isPending}
      error={mutation.error ?? undefined}
      onClose={onClose}
      onSubmit={submit}
    >
      {module ? (
        <Text>Type: {moduleTypeLabel(module.type)}</Text>
      ) : (
        <SelectField
          label="Type"
          value={type}
          options={MODULE_TYPES.map((value) => ({ value, label: MODULE_TYPE_DEFINITIONS[value].label }))}
          onChange={(next) => {
            setType(next);
            setConfigs(Object.fromEntries(configFieldsOf(next).map((field) => [field.name, ''])));
          }}
        />
      )}
      <Text fontSize="sm" color="fg.muted">
        {MODULE_TYPE_DEFINITIONS[type as keyof typeof MODULE_TYPE_DEFINITIONS]?.description}
      </Text>
      <TextField label="Name" required value={name} onChange={setName} error={shown.name} />
      <TextField label="Category" value={category} onChange={setCategory} error={shown.category} helperText="Optional; AWS and Azure modules with a category appear under Operations." />
      {fields.map((field) => (
        <TextField
          key={field.name}
          label={field.label}
          type={field.secret ? 'password' : 'text'}
          required={Boolean(rulesOf(field).required)}
          value={configs[field.name] ?? ''}
          onChange={(value) => setConfigs((current) => ({ ...current, [field.name]: value }))}
          error={shown[`config:${field.name}`]}
          helperText={field.secret && module ? (isSecretSet(module, field.name) ? 'Set. Leave empty to keep it.' : 'Not set.') : field.helperText}
        />
      ))}
    </FormDialog>
  );
}
