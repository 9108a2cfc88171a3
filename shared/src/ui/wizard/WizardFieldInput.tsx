import { Field, Input, Textarea } from '@chakra-ui/react';
import { useId } from 'react';
import type { FieldTrigger } from '../../entities/formField';
import { looseField, type WizardField } from './types';

export interface WizardFieldInputProps<V> {
  field: WizardField<V>;
  values: V;
  /** The error to show, already filtered by the field's trigger. */
  error: string | undefined;
  disabled: boolean;
  onChange: <K extends keyof V>(name: K, value: V[K]) => void;
  onTrigger: (field: WizardField<V>, event: FieldTrigger) => void;
}

/** One labelled field of a wizard step: a text input by default, or the field's own `render`. */
export function WizardFieldInput<V>({ field, values, error, disabled, onChange, onTrigger }: WizardFieldInputProps<V>) {
  const id = useId();
  const loose = looseField(field);
  const value = values[loose.name];
  const onFocus = () => onTrigger(field, 'focus');
  const onBlur = () => onTrigger(field, 'blur');
  const setValue = (next: V[typeof loose.name]) => {
    onChange(loose.name, next);
    onTrigger(field, 'immediate');
  };

  const input = loose.render ? (
    loose.render({ id, name: loose.name, value, values, setValue, onFocus, onBlur, invalid: Boolean(error), disabled })
  ) : (
    <TextInput
      id={id}
      // Only string fields may omit `render` (see WizardField), so the value is a string here.
      value={typeof value === 'string' ? value : ''}
      placeholder={loose.placeholder}
      password={loose.password}
      multiline={loose.multiline}
      onText={(text) => setValue(text as V[typeof loose.name])}
      onFocus={onFocus}
      onBlur={onBlur}
    />
  );

  return (
    <Field.Root invalid={Boolean(error)} required={Boolean(loose.rules?.required)} disabled={disabled} id={id}>
      <Field.Label>
        {loose.label}
        <Field.RequiredIndicator />
      </Field.Label>
      {input}
      {loose.helperText && !error && <Field.HelperText>{loose.helperText}</Field.HelperText>}
      <Field.ErrorText>{error}</Field.ErrorText>
    </Field.Root>
  );
}

interface TextInputProps {
  id: string;
  value: string;
  placeholder?: string;
  password?: boolean;
  multiline?: boolean;
  onText: (text: string) => void;
  onFocus: () => void;
  onBlur: () => void;
}

function TextInput({ id, value, placeholder, password, multiline, onText, onFocus, onBlur }: TextInputProps) {
  const common = { id, value, placeholder, onFocus, onBlur };
  return multiline ? (
    <Textarea {...common} onChange={(event) => onText(event.target.value)} />
  ) : (
    <Input
      {...common}
      type={password ? 'password' : 'text'}
      onChange={(event) => onText(event.target.value)}
    />
  );
}
