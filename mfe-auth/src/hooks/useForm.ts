import { formErrors, isApiError } from '@portal/shared';
import { useMemo, useState, type FormEvent } from 'react';

type Schema = Parameters<typeof formErrors>[0];

/**
 * The messages the API gave at fields (a 400 problem's `errors`, e.g. a common password, which
 * only the server knows), by field name.
 */
export function serverFieldErrors(error: unknown): Record<string, string> {
  if (!isApiError(error) || error.status !== 400 || !Array.isArray(error.problem?.errors)) return {};
  const entries = (error.problem.errors as unknown[]).flatMap((entry) => {
    const { field, message } = (entry ?? {}) as { field?: unknown; message?: unknown };
    return typeof field === 'string' && typeof message === 'string' ? [[field, message] as const] : [];
  });
  return Object.fromEntries(entries);
}

/** What a form shows below its fields for a failed request: nothing when its fields show it. */
export function formMessage(error: Error | null | undefined): string | undefined {
  return Object.keys(serverFieldErrors(error)).length > 0 ? undefined : error?.message;
}

/**
 * Form state validated by one of the shared schemas. A field shows its message once it was left
 * or the form was submitted, so a user is not scolded while still typing. `serverError` (the
 * request's error) puts the API's field messages at their fields until the value is changed.
 */
export function useForm<V extends Record<string, string>>(
  schema: Schema,
  initial: V,
  context: Record<string, string> = {},
  serverError?: unknown,
) {
  const [values, setValues] = useState<V>(initial);
  const [touched, setTouched] = useState<Partial<Record<keyof V, boolean>>>({});
  const [submitted, setSubmitted] = useState<V | undefined>(undefined);
  // `context` holds values the schema needs but the form does not show (the current password).
  const errors = useMemo(() => formErrors(schema, { ...context, ...values }), [schema, context, values]);
  const serverErrors = useMemo(() => serverFieldErrors(serverError), [serverError]);

  function field(name: keyof V & string) {
    const fromServer = submitted && submitted[name] === values[name] ? serverErrors[name] : undefined;
    return {
      name,
      value: values[name],
      onChange: (value: string) => setValues((current) => ({ ...current, [name]: value })),
      onBlur: () => setTouched((current) => ({ ...current, [name]: true })),
      error: submitted || touched[name] ? (errors[name] ?? fromServer) : undefined,
    };
  }

  function handleSubmit(onValid: (values: V) => void) {
    return (event: FormEvent) => {
      event.preventDefault();
      setSubmitted(values);
      if (Object.keys(errors).length === 0) onValid(values);
    };
  }

  return { values, errors, field, handleSubmit };
}
