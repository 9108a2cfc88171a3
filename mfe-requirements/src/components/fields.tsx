// Labelled form controls (Chakra's Select is not on the portal's federation surface: native
// elements styled with `chakra`, each with a real label).
import { chakra, Field, Input, Stack, Text, Textarea } from '@chakra-ui/react';
import { useId, type ReactNode } from 'react';

export interface TextFieldProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string;
  type?: 'text' | 'date' | 'search';
  required?: boolean;
  helperText?: ReactNode;
  placeholder?: string;
  multiline?: boolean;
}

export function TextField({ label, value, onChange, error, type = 'text', required, helperText, placeholder, multiline }: TextFieldProps) {
  return (
    <Field.Root invalid={Boolean(error)} required={required}>
      <Field.Label>{label}</Field.Label>
      {multiline ? (
        <Textarea value={value} placeholder={placeholder} onChange={(event) => onChange(event.target.value)} rows={3} />
      ) : (
        <Input type={type} value={value} placeholder={placeholder} autoComplete="off" onChange={(event) => onChange(event.target.value)} />
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
  emptyOption?: string;
  disabled?: boolean;
  error?: string;
}

export function SelectField({ label, value, onChange, options, emptyOption, disabled, error }: SelectFieldProps) {
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
        <Text color="fg.error" fontSize="xs">
          {error}
        </Text>
      )}
    </Stack>
  );
}
