// Labelled form controls. Chakra's Select, Checkbox and Switch are not on the portal's federation
// surface: native elements styled with `chakra`, each with a real label.
import { chakra, Field, Input, Stack, Text, Textarea } from '@chakra-ui/react';
import { useId, type ReactNode } from 'react';

export interface TextFieldProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  error?: string;
  type?: 'text' | 'date' | 'search';
  required?: boolean;
  /** A required field's label ends with the required indicator (*) unless this is false. */
  markRequired?: boolean;
  helperText?: ReactNode;
  placeholder?: string;
  multiline?: boolean;
  /** The height of a multiline field, in lines. */
  rows?: number;
  disabled?: boolean;
  autoFocus?: boolean;
}

export function TextField({
  label,
  value,
  onChange,
  onBlur,
  error,
  type = 'text',
  required,
  markRequired = true,
  helperText,
  placeholder,
  multiline,
  rows = 4,
  disabled,
  autoFocus,
}: TextFieldProps) {
  return (
    <Field.Root invalid={Boolean(error)} required={required} disabled={disabled}>
      <Field.Label>
        {label}
        {required && markRequired && <Field.RequiredIndicator />}
      </Field.Label>
      {multiline ? (
        <Textarea value={value} placeholder={placeholder} onChange={(event) => onChange(event.target.value)} onBlur={onBlur} rows={rows} />
      ) : (
        <Input
          type={type}
          value={value}
          placeholder={placeholder}
          autoComplete="off"
          autoFocus={autoFocus}
          onChange={(event) => onChange(event.target.value)}
          onBlur={onBlur}
        />
      )}
      {helperText && <Field.HelperText>{helperText}</Field.HelperText>}
      {error && <Field.ErrorText>{error}</Field.ErrorText>}
    </Field.Root>
  );
}

export interface SelectFieldProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  options: readonly { value: string; label: string }[];
  /** A first, empty choice that can be chosen, e.g. 'All severities'. */
  emptyOption?: string;
  disabled?: boolean;
  error?: string;
  size?: 'sm' | 'md';
}

export function SelectField({ label, value, onChange, options, emptyOption, disabled, error, size = 'md' }: SelectFieldProps) {
  const id = useId();
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
        onChange={(event) => onChange(event.target.value)}
        h={size === 'sm' ? 8 : 10}
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
        <Text color="fg.error" fontSize="xs">
          {error}
        </Text>
      )}
    </Stack>
  );
}

export interface SwitchFieldProps {
  label: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  disabled?: boolean;
  description?: ReactNode;
}

/** An on/off setting: a checkbox announced as a switch. */
export function SwitchField({ label, checked, onChange, disabled, description }: SwitchFieldProps) {
  const id = useId();
  return (
    <Stack gap={1}>
      <chakra.label htmlFor={id} display="flex" alignItems="center" gap={2} fontSize="sm" fontWeight="medium" cursor={disabled ? 'not-allowed' : 'pointer'}>
        <chakra.input
          id={id}
          type="checkbox"
          role="switch"
          aria-checked={checked}
          checked={checked}
          disabled={disabled}
          onChange={(event) => onChange(event.target.checked)}
          w={4}
          h={4}
        />
        {label}
      </chakra.label>
      {description && (
        <Text fontSize="xs" color="fg.muted" ps={6}>
          {description}
        </Text>
      )}
    </Stack>
  );
}

export interface CheckboxGroupFieldProps<T extends string> {
  legend: string;
  values: readonly T[];
  checked: readonly T[];
  onChange: (checked: T[]) => void;
  labelOf?: (value: T) => string;
  description?: ReactNode;
}

/** Several choices of one list (native checkboxes in a fieldset, labelled by its legend). */
export function CheckboxGroupField<T extends string>({ legend, values, checked, onChange, labelOf = (value) => value, description }: CheckboxGroupFieldProps<T>) {
  return (
    <chakra.fieldset>
      <chakra.legend fontSize="sm" fontWeight="medium" mb={1}>
        {legend}
      </chakra.legend>
      {description && (
        <Text fontSize="xs" color="fg.muted" mb={2}>
          {description}
        </Text>
      )}
      <Stack direction="row" gap={4} flexWrap="wrap">
        {values.map((value) => (
          <chakra.label key={value} display="flex" alignItems="center" gap={1.5} fontSize="sm">
            <input
              type="checkbox"
              checked={checked.includes(value)}
              onChange={(event) => onChange(event.target.checked ? [...checked, value] : checked.filter((kept) => kept !== value))}
            />
            {labelOf(value)}
          </chakra.label>
        ))}
      </Stack>
    </chakra.fieldset>
  );
}
