import { formErrors } from '@portal/shared';
import { useMemo, useState, type FormEvent } from 'react';

type Schema = Parameters<typeof formErrors>[0];

/**
 * Form state validated by one of the shared schemas. A field shows its message once it was left
 * or the form was submitted, so a user is not scolded while still typing.
 */
export function useForm<V extends Record<string, string>>(schema: Schema, initial: V, context: Record<string, string> = {}) {
  const [values, setValues] = useState<V>(initial);
  const [touched, setTouched] = useState<Partial<Record<keyof V, boolean>>>({});
  const [submitted, setSubmitted] = useState(false);
  // `context` holds values the schema needs but the form does not show (the current password).
  const errors = useMemo(() => formErrors(schema, { ...context, ...values }), [schema, context, values]);

  function field(name: keyof V & string) {
    return {
      name,
      value: values[name],
      onChange: (value: string) => setValues((current) => ({ ...current, [name]: value })),
      onBlur: () => setTouched((current) => ({ ...current, [name]: true })),
      error: submitted || touched[name] ? errors[name] : undefined,
    };
  }

  function handleSubmit(onValid: (values: V) => void) {
    return (event: FormEvent) => {
      event.preventDefault();
      setSubmitted(true);
      if (Object.keys(errors).length === 0) onValid(values);
    };
  }

  return { values, errors, field, handleSubmit };
}
