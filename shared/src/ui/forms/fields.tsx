// Labelled form controls. Chakra's Select, Checkbox and Switch are not on the portal's federation
// surface: native elements styled with `chakra`, each with a real label.
import { chakra, Field, Input, Stack, Text, Textarea } from '@chakra-ui/react';
import { useId, type ComponentProps, type KeyboardEvent, type ReactNode, type Ref } from 'react';

export interface TextFieldProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  error?: string;
  type?: 'text' | 'date' | 'search' | 'email' | 'password' | 'number';
  /** Default 'off'. */
  autoComplete?: string;
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
  /** A field that must not submit its form with Enter (e.g. a filter inside a form). */
  enterDoesNotSubmit?: boolean;
  /** The error is an alert: announced as soon as it appears. */
  alertError?: boolean;
}

const keepEnter = (event: KeyboardEvent<HTMLInputElement>) => {
  if (event.key === 'Enter') event.preventDefault();
};

export function TextField({
  label,
  value,
  onChange,
  onBlur,
  error,
  type = 'text',
  autoComplete = 'off',
  required,
  markRequired = true,
  helperText,
  placeholder,
  multiline,
  rows = 4,
  disabled,
  autoFocus,
  enterDoesNotSubmit,
  alertError,
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
          autoComplete={autoComplete}
          autoFocus={autoFocus}
          onChange={(event) => onChange(event.target.value)}
          onBlur={onBlur}
          onKeyDown={enterDoesNotSubmit ? keepEnter : undefined}
        />
      )}
      {helperText && <Field.HelperText>{helperText}</Field.HelperText>}
      {error && <Field.ErrorText role={alertError ? 'alert' : undefined}>{error}</Field.ErrorText>}
    </Field.Root>
  );
}

/**
 * The design system's select: a native select (the platform's keyboard and screen-reader behaviour)
 * in the look of the portal's inputs. Name it with a <label for> or `aria-label`; SelectField adds
 * the visible label and the error.
 */
export function Select({ size = 'md', ...props }: Omit<ComponentProps<typeof chakra.select>, 'size'> & { size?: 'sm' | 'md' }) {
  return (
    <chakra.select
      h={size === 'sm' ? 8 : 10}
      px={3}
      borderWidth="1px"
      borderRadius="l2"
      borderColor={props['aria-invalid'] ? 'border.error' : 'border'}
      bg="bg"
      fontSize="sm"
      _disabled={{ opacity: 0.6, cursor: 'not-allowed' }}
      _focusVisible={{ outline: '2px solid', outlineColor: 'colorPalette.focusRing', outlineOffset: '1px' }}
      {...props}
    />
  );
}

export interface SelectFieldProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  options: readonly { value: string; label: string }[];
  /** Shown as a first, empty option that cannot be chosen back once something is chosen. */
  placeholder?: string;
  /** A first, empty choice that can be chosen, e.g. 'All severities'. */
  emptyOption?: string;
  disabled?: boolean;
  error?: string;
  size?: 'sm' | 'md';
  selectRef?: Ref<HTMLSelectElement>;
  /** The error is an alert: announced as soon as it appears. */
  alertError?: boolean;
}

export function SelectField({
  label,
  value,
  onChange,
  options,
  placeholder,
  emptyOption,
  disabled,
  error,
  size = 'md',
  selectRef,
  alertError,
}: SelectFieldProps) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <Stack gap={1.5}>
      <chakra.label htmlFor={id} fontSize="sm" fontWeight="medium">
        {label}
      </chakra.label>
      <Select
        id={id}
        ref={selectRef}
        value={value}
        disabled={disabled}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        onChange={(event) => onChange(event.target.value)}
        size={size}
      >
        {placeholder !== undefined && (
          <option value="" disabled>
            {placeholder}
          </option>
        )}
        {emptyOption !== undefined && <option value="">{emptyOption}</option>}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </Select>
      {error && (
        <Text id={errorId} role={alertError ? 'alert' : undefined} color="fg.error" fontSize="xs">
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
