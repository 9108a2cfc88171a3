// valibot schemas for single fields: one per format, and one built from a form field rule.
import * as v from 'valibot';
import type { FieldFormat, FieldRules } from '../entities/formField';
import { FIELD_FORMATS } from '../entities/formField';
import { FORMAT_MESSAGES, MESSAGES } from './messages';
import { FORMAT_MAX_LENGTH, hasInjectionMarker, isNumberFormat, PATTERNS } from './patterns';

const characterCount = (text: string): number => [...text].length;

function formatSchema(format: FieldFormat) {
  const longest = FORMAT_MAX_LENGTH[format];
  return v.pipe(
    v.string(MESSAGES.invalidInput),
    v.check((text) => !hasInjectionMarker(text), MESSAGES.invalidInput),
    v.regex(PATTERNS[format], FORMAT_MESSAGES[format]),
    v.check((text) => longest === undefined || characterCount(text) <= longest, MESSAGES.maxLength(longest ?? 0)),
  );
}

export type FormatSchema = ReturnType<typeof formatSchema>;

/** A schema per format: a string in that format, without script-injection markers. */
export const FORMAT_SCHEMAS = Object.freeze(
  Object.fromEntries(FIELD_FORMATS.map((format) => [format, formatSchema(format)])) as Record<FieldFormat, FormatSchema>,
);

/** What a form field may hold before validation; numbers are validated as their text. */
export type FieldValue = string | number | null | undefined;

const isEmpty = (text: string): boolean => text.trim() === '';

/**
 * The schema of a field rule (spec 3 `rules`). Checks run in this order and the first failure is
 * the field's message: Required. → Invalid input. (injection marker) → the format's message →
 * min → max. An empty value (blank after trimming) of an optional field is valid. min/max bound
 * the number for numeric/decimal formats and the character count otherwise; a format with a
 * length limit of its own (FORMAT_MAX_LENGTH: password) has it as max unless the rule says
 * less. `trigger` decides when the UI shows the result and does not change it. The output is the field's text.
 */
export function fieldSchema(rules: FieldRules = {}) {
  const { required = false, format, min } = rules;
  const longest = format ? FORMAT_MAX_LENGTH[format] : undefined;
  const max = longest !== undefined && (rules.max === undefined || rules.max > longest) ? longest : rules.max;
  const numbers = isNumberFormat(format);
  const pattern = format ? PATTERNS[format] : undefined;
  const skip = (text: string): boolean => isEmpty(text);
  // Bounds are only meaningful once the format holds (a number must first be a number).
  const formatOk = (text: string): boolean => !pattern || pattern.test(text);
  const measure = (text: string): number => (numbers ? Number(text) : characterCount(text));

  return v.pipe(
    v.nullish(v.union([v.string(), v.number()], MESSAGES.invalidInput)),
    v.transform((value): string => (value === null || value === undefined ? '' : String(value))),
    v.check((text) => !required || !isEmpty(text), MESSAGES.required),
    v.check((text) => skip(text) || !hasInjectionMarker(text), MESSAGES.invalidInput),
    v.check((text) => skip(text) || formatOk(text), format ? FORMAT_MESSAGES[format] : MESSAGES.invalidInput),
    v.check(
      (text) => min === undefined || skip(text) || !formatOk(text) || measure(text) >= min,
      min === undefined ? '' : numbers ? MESSAGES.minValue(min) : MESSAGES.minLength(min),
    ),
    v.check(
      (text) => max === undefined || skip(text) || !formatOk(text) || measure(text) <= max,
      max === undefined ? '' : numbers ? MESSAGES.maxValue(max) : MESSAGES.maxLength(max),
    ),
  );
}

export type FieldSchema = ReturnType<typeof fieldSchema>;

/** The first message a schema gives for a value, or undefined when the value is valid. */
export function firstMessage(schema: v.GenericSchema, value: unknown): string | undefined {
  const result = v.safeParse(schema, value, { abortPipeEarly: true });
  return result.success ? undefined : result.issues[0].message;
}

/** Validates one value against a field rule: the message to show, or undefined. */
export function validateField(rules: FieldRules, value: FieldValue): string | undefined {
  return firstMessage(fieldSchema(rules), value);
}
