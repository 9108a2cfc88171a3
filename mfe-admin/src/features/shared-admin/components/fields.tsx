// Labelled form controls of the administration forms. Chakra's Select, Checkbox and Switch are not
// part of the portal's federation surface, so selects and checkboxes are native elements styled
// with `chakra`, each with a real <label> so they work with the keyboard and screen readers.
import { Box, chakra, Field, Input, Stack, Text } from '@chakra-ui/react';
import { useId, type KeyboardEvent, type ReactNode } from 'react';

export interface TextFieldProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string;
  type?: 'text' | 'password' | 'email';
  required?: boolean;
  helperText?: ReactNode;
  autoComplete?: string;
  disabled?: boolean;
  placeholder?: string;
  /** A field that must not submit its form with Enter (e.g. a filter inside a form). */
  enterDoesNotSubmit?: boolean;
}

const keepEnter = (event: KeyboardEvent<HTMLInputElement>) => {
  if (event.key === 'Enter') event.preventDefault();
};

export function TextField({ label, value, onChange, error, type = 'text', required, helperText, autoComplete, disabled, placeholder, enterDoesNotSubmit }: TextFieldProps) {
  return (
    <Field.Root invalid={Boolean(error)} required={required} disabled={disabled}>
      <Field.Label>{label}</Field.Label>
      <Input
        type={type}
        value={value}
        placeholder={placeholder}
        autoComplete={autoComplete ?? (type === 'password' ? 'new-password' : 'off')}
        onChange={(event) => onChange(event.target.value)}
        onKeyDown={enterDoesNotSubmit ? keepEnter : undefined}
      />
      {helperText && <Field.HelperText>{helperText}</Field.HelperText>}
      {error && <Field.ErrorText role="alert">{error}</Field.ErrorText>}
    </Field.Root>
  );
}

export interface SelectFieldProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  options: readonly { value: string; label: string }[];
  /** An empty first choice, e.g. 'No process'. */
  emptyOption?: string;
  error?: string;
  disabled?: boolean;
}

export function SelectField({ label, value, onChange, options, emptyOption, error, disabled }: SelectFieldProps) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <Stack gap={1.5}>
      <chakra.label htmlFor={id} fontSize="sm" fontWeight="medium">
        {label}
      </chakra.label>
      <chakra.select
        id={id}
        value={value}
        disabled={disabled}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        onChange={(event) => onChange(event.target.value)}
        h={10}
        px={3}
        borderWidth="1px"
        borderRadius="l2"
        borderColor={error ? 'border.error' : 'border'}
        bg="bg"
        fontSize="sm"
      >
        {emptyOption !== undefined && <option value="">{emptyOption}</option>}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </chakra.select>
      {error && (
        <Text id={errorId} role="alert" color="fg.error" fontSize="xs">
          {error}
        </Text>
      )}
    </Stack>
  );
}

export interface CheckboxProps {
  label: ReactNode;
  checked: boolean;
  onChange: (checked: boolean) => void;
  disabled?: boolean;
  /** Names the checkbox when the visible label is not enough (e.g. 'Mail for Add' in a grid). */
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
