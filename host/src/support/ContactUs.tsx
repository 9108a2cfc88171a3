// Contact Us (spec 2.3 Support menu; route /support/contactUs, owned by the host): the customer
// inquiry form. POST /api/misc/inquiry stores it and mails it to support; a failure shows the
// spec 8 inquiry message with the server's field messages. Loaded lazily by HostScreen.
import { useState, type ChangeEvent, type FormEvent, type ReactNode } from 'react';
import { Alert, Button, chakra, Field, Input, Stack, Text, Textarea } from '@chakra-ui/react';
import {
  apiClient,
  INQUIRY_FAILURE_MESSAGE,
  isApiError,
  ScreenFrame,
  showSnackbar,
  validateField,
  type RouteDefinition,
} from '@portal/shared';

export const INQUIRY_PATH = 'misc/inquiry';
export const INQUIRY_SENT_MESSAGE = 'Thank you. Your inquiry was sent to support, who will answer by mail.';
/** The same rule as the API's (api/src/misc/inquiries.ts): the spec has no phone format. */
export const PHONE_PATTERN = /^\+?[0-9 ()-]{3,32}$/;
export const PHONE_MESSAGE = 'Digits, spaces and + - ( ) only, 3 to 32 characters.';

type Values = { subject: string; message: string; phone: string };
type Errors = Partial<Record<keyof Values, string>>;
const EMPTY: Values = { subject: '', message: '', phone: '' };

export function inquiryErrors(values: Values): Errors {
  const errors: Errors = {};
  const subject = validateField({ required: true, max: 255 }, values.subject);
  const message = validateField({ required: true, max: 5000 }, values.message);
  let phone = validateField({ max: 32 }, values.phone);
  if (!phone && values.phone.trim() !== '' && !PHONE_PATTERN.test(values.phone.trim())) phone = PHONE_MESSAGE;
  if (subject) errors.subject = subject;
  if (message) errors.message = message;
  if (phone) errors.phone = phone;
  return errors;
}

export default function ContactUs({ route }: { route: RouteDefinition }) {
  const [values, setValues] = useState<Values>(EMPTY);
  const [touched, setTouched] = useState<Partial<Record<keyof Values, boolean>>>({});
  const [serverErrors, setServerErrors] = useState<Errors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const errors = { ...serverErrors, ...inquiryErrors(values) };
  const invalid = Object.keys(inquiryErrors(values)).length > 0;

  const change = (field: keyof Values) => (value: string) => {
    setValues((was) => ({ ...was, [field]: value }));
    setServerErrors((was) => ({ ...was, [field]: undefined }));
  };
  const shown = (field: keyof Values) => (touched[field] ? errors[field] : serverErrors[field]);
  /** What a field's input is given: its name and value, and what typing in it and leaving it do. */
  const bind = (field: keyof Values) => ({
    name: field,
    value: values[field],
    onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => change(field)(event.target.value),
    onBlur: () => setTouched((was) => ({ ...was, [field]: true })),
  });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setTouched({ subject: true, message: true, phone: true });
    if (invalid || busy) return;
    setBusy(true);
    setFailure(null);
    try {
      const phone = values.phone.trim();
      await apiClient.post(
        INQUIRY_PATH,
        { subject: values.subject.trim(), message: values.message.trim(), phone: phone === '' ? null : phone },
        { notices: false },
      );
      setValues(EMPTY);
      setTouched({});
      showSnackbar(INQUIRY_SENT_MESSAGE, 'success');
    } catch (error) {
      setFailure(INQUIRY_FAILURE_MESSAGE);
      const fields = isApiError(error) ? (error.problem as { errors?: { field: string; message: string }[] } | undefined)?.errors : undefined;
      setServerErrors(Object.fromEntries((fields ?? []).map(({ field, message }) => [field, message])));
    } finally {
      setBusy(false);
    }
  };

  return (
    <ScreenFrame route={route}>
      <chakra.form maxW="36rem" onSubmit={(event) => void submit(event)} noValidate aria-label="Customer inquiry">
        <Stack gap={4}>
          <Text>Write to the support team: your question is sent by mail and answered to your account's address.</Text>
          {failure ? (
            <Alert.Root status="error">
              <Alert.Indicator />
              <Alert.Title>{failure}</Alert.Title>
            </Alert.Root>
          ) : null}
          <InquiryField label="Subject" required error={shown('subject')}>
            <Input {...bind('subject')} />
          </InquiryField>
          <InquiryField label="Message" required error={shown('message')}>
            <Textarea rows={8} {...bind('message')} />
          </InquiryField>
          <InquiryField label="Phone (optional)" error={shown('phone')}>
            <Input type="tel" autoComplete="tel" {...bind('phone')} />
          </InquiryField>
          <Button type="submit" colorPalette="blue" alignSelf="flex-start" loading={busy} disabled={busy || invalid}>
            Send
          </Button>
        </Stack>
      </chakra.form>
    </ScreenFrame>
  );
}

/** A labelled field of the inquiry with its message, announced when it appears. */
function InquiryField({ label, required = false, error, children }: { label: string; required?: boolean; error: string | undefined; children: ReactNode }) {
  return (
    <Field.Root required={required} invalid={Boolean(error)}>
      <Field.Label>{label}</Field.Label>
      {children}
      {error ? <Field.ErrorText role="alert">{error}</Field.ErrorText> : null}
    </Field.Root>
  );
}
