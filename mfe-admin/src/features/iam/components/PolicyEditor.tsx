// Edits the policies of a role: each has an effect (allow, forbid, restrict), actions, resources
// and an optional condition; policies can be added and removed. The principal is the role itself.
import { Box, Button, chakra, HStack, Stack, Text } from '@chakra-ui/react';
import { useEffect, useRef, useState } from 'react';
import { SelectField, TextField } from '../../../components/fields';
import { emptyPolicy, POLICY_EFFECTS, type PolicyErrors, type PolicyValues } from './roleValues';

export interface PolicyEditorProps {
  policies: PolicyValues[];
  errors: PolicyErrors[];
  /** Show 'Required.' on empty fields (after a submit attempt); other messages show as typed. */
  showRequired: boolean;
  onChange: (policies: PolicyValues[]) => void;
  disabled?: boolean;
  /** What an empty list says. */
  emptyText?: string;
}

const EFFECT_OPTIONS = POLICY_EFFECTS.map((effect) => ({ value: effect, label: effect }));

export function PolicyEditor({ policies, errors, showRequired, onChange, disabled, emptyText = 'No policies: this role grants nothing.' }: PolicyEditorProps) {
  const [focusIndex, setFocusIndex] = useState<number | null>(null);
  const addRef = useRef<HTMLButtonElement>(null);
  const focusRef = useRef<HTMLSelectElement>(null);

  useEffect(() => {
    if (focusIndex === null) return;
    focusRef.current?.focus();
    setFocusIndex(null);
  }, [focusIndex]);

  const update = (index: number, patch: Partial<PolicyValues>) =>
    onChange(policies.map((policy, at) => (at === index ? { ...policy, ...patch } : policy)));

  const shown = (value: string, message: string | undefined) => (showRequired || value.trim() !== '' ? message : undefined);

  return (
    <Stack gap="4">
      {policies.length === 0 && (
        <Text fontSize="sm" color="fg.muted">
          {emptyText}
        </Text>
      )}
      {policies.map((policy, index) => {
        const number = index + 1;
        const policyErrors = errors[index] ?? {};
        return (
          <chakra.fieldset key={index} borderWidth="1px" borderRadius="md" p="4" disabled={disabled}>
            <chakra.legend px="1" fontWeight="semibold" fontSize="sm">
              Policy {number}
            </chakra.legend>
            <Stack gap="3">
              <Box maxW="xs">
                <SelectField
                  label="Effect"
                  value={policy.effect}
                  options={EFFECT_OPTIONS}
                  onChange={(effect) => update(index, { effect })}
                  selectRef={index === focusIndex ? focusRef : undefined}
                />
              </Box>
              <TextField
                label="Actions"
                value={policy.actions}
                onChange={(actions) => update(index, { actions })}
                error={shown(policy.actions, policyErrors.actions)}
                helperText="Comma-separated, e.g. list, view; * for every action."
              />
              <TextField
                label="Resources"
                value={policy.resources}
                onChange={(resources) => update(index, { resources })}
                error={shown(policy.resources, policyErrors.resources)}
                helperText="Comma-separated, e.g. Requirement, Module::Requirement; * for every resource."
              />
              <TextField
                label="Condition (optional)"
                value={policy.condition}
                onChange={(condition) => update(index, { condition })}
                error={policyErrors.condition}
                helperText='An expression over organization, project, scope and resource, e.g. project == "alpha".'
              />
              <HStack justify="flex-end">
                <Button
                  size="sm"
                  variant="outline"
                  colorPalette="red"
                  aria-label={`Remove policy ${number}`}
                  onClick={() => {
                    onChange(policies.filter((_, at) => at !== index));
                    addRef.current?.focus();
                  }}
                >
                  Remove policy
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
          disabled={disabled}
          onClick={() => {
            onChange([...policies, emptyPolicy()]);
            setFocusIndex(policies.length);
          }}
        >
          Add policy
        </Button>
      </Box>
    </Stack>
  );
}
