// Labelled form controls of the administration forms. Text inputs use Chakra's Field (label,
// helper and error text); Chakra's Select, Checkbox and Switch are not part of the portal's
// federation surface, so selects and checkboxes are native elements styled with `chakra`, each
// with a real <label> so they work with the keyboard and screen readers.
import { Box, chakra, Field, Input, Text, Textarea } from '@chakra-ui/react';
import { useId, type ChangeEvent, type KeyboardEvent, type ReactNode, type Ref } from 'react';

export interface TextFieldProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  error?: string;
  /** Shown below the field while it has no error. */
  helperText?: ReactNode;
  type?: 'text' | 'email' | 'password' | 'number';
  /** Default: 'new-password' for passwords, otherwise 'off'. */
  autoComplete?: string;
  required?: boolean;
  disabled?: boolean;
  multiline?: boolean;
  placeholder?: string;
  inputRef?: Ref<HTMLInputElement>;
  /** A field that must not submit its form with Enter (e.g. a filter inside a form). */
  enterDoesNotSubmit?: boolean;
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
  helperText,
  type = 'text',
  autoComplete,
  required,
  disabled,
  multiline,
  placeholder,
  inputRef,
  enterDoesNotSubmit,
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
          autoComplete={autoComplete ?? (type === 'password' ? 'new-password' : 'off')}
          placeholder={placeholder}
          onKeyDown={enterDoesNotSubmit ? keepEnter : undefined}
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
  /** Shown as a first, empty option that cannot be chosen back once something is chosen. */
  placeholder?: string;
  /** A first, empty choice that can be chosen, e.g. 'No process'. */
  emptyOption?: string;
  error?: string;
  disabled?: boolean;
  selectRef?: Ref<HTMLSelectElement>;
}

export function SelectField<V extends string>({ label, value, onChange, options, placeholder, emptyOption, error, disabled, selectRef }: SelectFieldProps<V>) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <chakra.div display="flex" flexDirection="column" gap={1.5} width="full">
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
        h={10}
        px={3}
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
    </chakra.div>
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
