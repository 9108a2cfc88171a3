// Form field rules (spec 3): what a wizard or form needs to render and validate one field.

export const FIELD_FORMATS = [
  'password',
  'email',
  'loginId',
  'alphanumeric',
  'numeric',
  'decimal',
  'safetext',
  'filename',
  'url',
] as const;
export type FieldFormat = (typeof FIELD_FORMATS)[number];

/** When a field starts showing its validation (spec 4.3). */
export type FieldTrigger = 'immediate' | 'blur' | 'focus';

export interface FieldRules {
  required?: boolean;
  format?: FieldFormat;
  /** A value bound for numeric/decimal formats, a character count otherwise. */
  min?: number;
  max?: number;
  trigger?: FieldTrigger;
}

export interface FormFieldRule {
  label: string;
  placeholder?: string;
  password?: boolean;
  rules: FieldRules;
}
