// Labelled form controls of the administration forms. Text inputs and selects are @portal/shared's
// with what the administration's forms always did: no required indicator, a helper text that gives
// way to the error, errors announced as alerts, 'new-password' for a password field, three lines
// for a multiline field, and a select as wide as its place. Checkboxes stay here (a single one
// with an accessible name of its own, and a group that keeps a selected value it does not list):
// Chakra's Checkbox is not part of the portal's federation surface, so they are native elements
// styled with `chakra`, each with a real <label>.
import { Box, chakra, Text } from '@chakra-ui/react';
import {
  SelectField as PortalSelectField,
  TextField as PortalTextField,
  type SelectFieldProps as PortalSelectFieldProps,
  type TextFieldProps as PortalTextFieldProps,
} from '@portal/shared/screens';
import type { ReactNode } from 'react';

export type TextFieldProps = Omit<PortalTextFieldProps, 'markRequired' | 'rows' | 'alertError'>;

export function TextField({ type = 'text', autoComplete, helperText, error, ...props }: TextFieldProps) {
  return (
    <PortalTextField
      {...props}
      type={type}
      autoComplete={autoComplete ?? (type === 'password' ? 'new-password' : 'off')}
      helperText={error ? undefined : helperText}
      error={error}
      markRequired={false}
      rows={3}
      alertError
    />
  );
}

export interface SelectFieldProps<V extends string> extends Omit<PortalSelectFieldProps, 'value' | 'onChange' | 'options' | 'alertError'> {
  value: V | '';
  onChange: (value: V) => void;
  options: readonly { value: V; label: string }[];
}

export function SelectField<V extends string>({ onChange, ...props }: SelectFieldProps<V>) {
  return (
    <Box width="full">
      <PortalSelectField {...props} onChange={(value) => onChange(value as V)} alertError />
    </Box>
  );
}

export interface CheckboxProps {
  label: ReactNode;
  checked: boolean;
  onChange: (checked: boolean) => void;
  disabled?: boolean;
  /** Names the checkbox when the visible label relies on its surroundings (e.g. 'Mail for Add' in a grid). */
  ariaLabel?: string;
}

export function Checkbox({ label, checked, onChange, disabled, ariaLabel }: CheckboxProps) {
  return (
    <chakra.label display="inline-flex" alignItems="center" gap={2} fontSize="sm" cursor={disabled ? 'not-allowed' : 'pointer'}>
      <chakra.input
        type="checkbox"
        checked={checked}
        disabled={disabled}
        aria-label={ariaLabel}
        onChange={(event) => onChange(event.target.checked)}
        w={4}
        h={4}
        accentColor="var(--chakra-colors-brand-600)"
      />
      {label}
    </chakra.label>
  );
}

export interface CheckboxGroupProps {
  legend: string;
  options: readonly string[];
  selected: readonly string[];
  onChange: (selected: string[]) => void;
  error?: string;
  disabled?: boolean;
}

/** A set of checkboxes (e.g. roles) in a fieldset named by its legend. */
export function CheckboxGroup({ legend, options, selected, onChange, error, disabled }: CheckboxGroupProps) {
  // A selected value the options do not list (e.g. a custom role) stays visible and kept.
  const shown = [...options, ...selected.filter((name) => !options.includes(name))];
  const toggle = (option: string, on: boolean) =>
    onChange(on ? shown.filter((name) => name === option || selected.includes(name)) : selected.filter((name) => name !== option));
  return (
    <chakra.fieldset border="none" p={0} m={0} aria-invalid={error ? true : undefined}>
      <chakra.legend fontSize="sm" fontWeight="medium" mb={1.5}>
        {legend}
      </chakra.legend>
      <Box display="flex" flexWrap="wrap" columnGap={4} rowGap={1}>
        {shown.map((option) => (
          <Checkbox key={option} label={option} checked={selected.includes(option)} disabled={disabled} onChange={(on) => toggle(option, on)} />
        ))}
      </Box>
      {error && (
        <Text role="alert" color="fg.error" fontSize="xs" mt={1}>
          {error}
        </Text>
      )}
    </chakra.fieldset>
  );
}
