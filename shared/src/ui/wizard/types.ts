import type { ReactNode } from 'react';
import type { FieldRules } from '../../entities/formField';

/** What a custom field input receives; it is bound to the same value, rules and triggers. */
export interface WizardFieldRenderProps<V, K extends keyof V> {
  id: string;
  name: K;
  value: V[K];
  values: V;
  setValue: (value: V[K]) => void;
  /** Call on focus and blur so the field's trigger (focus/blur) works for custom inputs too. */
  onFocus: () => void;
  onBlur: () => void;
  invalid: boolean;
  disabled: boolean;
}

interface WizardFieldBase<V, K extends keyof V> {
  name: K;
  label: string;
  placeholder?: string;
  /** Masks the input. */
  password?: boolean;
  /** A textarea instead of a one-line input (Enter then adds a line instead of moving on). */
  multiline?: boolean;
  helperText?: string;
  rules?: FieldRules;
  /** A check beyond the wizard's validator, e.g. that a repeated password matches. */
  validate?(value: V[K], values: V): string | undefined;
}

// Fields without `render` are text inputs, so they may only hold strings; any other value needs
// its own input.
type WizardFieldOf<V, K extends keyof V> = WizardFieldBase<V, K> &
  (V[K] extends string | undefined
    ? { render?(props: WizardFieldRenderProps<V, K>): ReactNode }
    : { render(props: WizardFieldRenderProps<V, K>): ReactNode });

/** One field of a wizard step, typed by the name of the value it edits. */
export type WizardField<V> = { [K in keyof V & string]: WizardFieldOf<V, K> }[keyof V & string];

/**
 * The view of a field that code handling fields of any name works with. Every `WizardField<V>`
 * is one (its methods are checked bivariantly); use `looseField` to convert.
 */
export type LooseWizardField<V> = WizardFieldBase<V, keyof V & string> & {
  render?(props: WizardFieldRenderProps<V, keyof V & string>): ReactNode;
};

export function looseField<V>(field: WizardField<V>): LooseWizardField<V> {
  return field;
}

/** What a step's own content (`render`) receives. */
export interface WizardStepContext<V> {
  values: V;
  setValue: <K extends keyof V>(name: K, value: V[K]) => void;
  busy: boolean;
}

export interface WizardStep<V> {
  id: string;
  title: string;
  description?: ReactNode;
  fields?: WizardField<V>[];
  /** Content shown below the fields (a QR code, a list of recovery codes, …). */
  render?: (context: WizardStepContext<V>) => ReactNode;
  /**
   * The step that follows, computed from the current values; undefined makes this the last step
   * (Submit is shown instead of Next). Without `next`, the following step of `steps` follows.
   */
  next?: (values: V) => string | undefined;
}

/**
 * Checks a non-empty value against a field's rules and returns the message to show. The wizard
 * reports 'Required.' itself for empty required fields and never calls this for empty values.
 */
export type WizardFieldValidator<V> = (value: unknown, rules: FieldRules, values: V) => string | undefined;

/** Whole-form checks (e.g. `values => formErrors(schema, values)`): a message per field name. */
export type WizardFormValidator<V> = (values: V) => Partial<Record<keyof V & string, string>>;

export interface WizardNotice {
  title: string;
  message: string;
}
