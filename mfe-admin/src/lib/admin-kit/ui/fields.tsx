// Form fields of the administration screens. Text inputs use Chakra's Field (label, error text);
// selects and checkboxes are native elements styled with `chakra` (Chakra's Select and Checkbox
// are not part of the portal's federation surface), labelled and described the same way.
import { chakra, Field, Input, Text, Textarea } from '@chakra-ui/react';
import { useId, type ChangeEvent, type ReactNode, type Ref } from 'react';

export interface TextFieldProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  error?: string;
  helperText?: ReactNode;
  type?: 'text' | 'email' | 'password' | 'number';
  autoComplete?: string;
  required?: boolean;
  disabled?: boolean;
  multiline?: boolean;
  placeholder?: string;
  inputRef?: Ref<HTMLInputElement>;
}

export function TextField({
  label,
  value,
  onChange,
  onBlur,
  error,
  helperText,
  type = 'text',
  autoComplete = 'off',
  required,
  disabled,
  multiline,
  placeholder,
  inputRef,
}: TextFieldProps) {
  const change = (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => onChange(event.target.value);
  return (
    <Field.Root invalid={Boolean(error)} required={required} disabled={disabled}>
      <Field.Label>{label}</Field.Label>
      {multiline ? (
        <Textarea value={value} onChange={change} onBlur={onBlur} placeholder={placeholder} rows={3} />
      ) : (
        <Input
          ref={inputRef}
          type={type}
          value={value}
          onChange={change}
          onBlur={onBlur}
          autoComplete={autoComplete}
          placeholder={placeholder}
        />
      )}
      {helperText && !error && <Field.HelperText>{helperText}</Field.HelperText>}
      {error && <Field.ErrorText role="alert">{error}</Field.ErrorText>}
    </Field.Root>
  );
}

export interface SelectFieldProps<V extends string> {
  label: string;
  value: V | '';
  onChange: (value: V) => void;
  options: readonly { value: V; label: string }[];
  /** Shown as the first, empty option when nothing is chosen yet. */
  placeholder?: string;
  disabled?: boolean;
  error?: string;
  selectRef?: Ref<HTMLSelectElement>;
}

export function SelectField<V extends string>({ label, value, onChange, options, placeholder, disabled, error, selectRef }: SelectFieldProps<V>) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <chakra.div display="flex" flexDirection="column" gap="1.5" width="full">
      <chakra.label htmlFor={id} fontSize="sm" fontWeight="medium">
        {label}
      </chakra.label>
      <chakra.select
        id={id}
        ref={selectRef}
        value={value}
        disabled={disabled}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        onChange={(event) => onChange(event.target.value as V)}
        height="10"
        px="3"
        borderWidth="1px"
        borderColor={error ? 'border.error' : 'border'}
        borderRadius="l2"
        bg="bg"
        fontSize="sm"
        _disabled={{ opacity: 0.6, cursor: 'not-allowed' }}
        _focusVisible={{ outline: '2px solid', outlineColor: 'colorPalette.focusRing', outlineOffset: '1px' }}
      >
        {placeholder !== undefined && (
          <option value="" disabled>
            {placeholder}
          </option>
        )}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </chakra.select>
      {error && (
        <Text id={errorId} role="alert" fontSize="xs" color="fg.error">
          {error}
        </Text>
      )}
    </chakra.div>
  );
}

export interface CheckboxFieldProps {
  label: ReactNode;
  checked: boolean;
  onChange: (checked: boolean) => void;
  disabled?: boolean;
  /** A fuller name for assistive technology when the visible label relies on its surroundings. */
  ariaLabel?: string;
}

export function CheckboxField({ label, checked, onChange, disabled, ariaLabel }: CheckboxFieldProps) {
  return (
    <chakra.label display="inline-flex" alignItems="center" gap="2" fontSize="sm" cursor={disabled ? 'not-allowed' : 'pointer'}>
      <chakra.input
        type="checkbox"
        checked={checked}
        disabled={disabled}
        aria-label={ariaLabel}
        onChange={(event) => onChange(event.target.checked)}
        width="4"
        height="4"
        accentColor="var(--chakra-colors-brand-600)"
      />
      {label}
    </chakra.label>
  );
}
