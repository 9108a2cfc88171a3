import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { FieldTrigger } from '../../entities/formField';
import { isEmptyValue, rulesOf, specFieldValidator, validateField, valuesEqual } from './fieldValidation';
import {
  looseField,
  type WizardField,
  type WizardFieldValidator,
  type WizardFormValidator,
  type WizardNotice,
  type WizardStep,
} from './types';

export interface UseWizardOptions<V> {
  steps: WizardStep<V>[];
  initialValues: V;
  validate?: WizardFieldValidator<V>;
  validateForm?: WizardFormValidator<V>;
  onSubmit: (values: V) => void | Promise<void>;
  busy?: boolean;
  disableBack?: boolean;
}

export interface FieldError {
  label: string;
  message: string;
}

/**
 * The wizard's state of spec 4.3: current step, history, values, field triggers and the rules
 * of Back, Next and Submit.
 */
export function useWizard<V>({
  steps,
  initialValues,
  validate = specFieldValidator,
  validateForm,
  onSubmit,
  busy = false,
  disableBack = false,
}: UseWizardOptions<V>) {
  if (steps.length === 0) throw new Error('A wizard needs at least one step.');

  const [values, setValues] = useState<V>(initialValues);
  // The initial values the user's edits are measured against.
  const [baseline, setBaseline] = useState<V>(initialValues);
  const [mutated, setMutated] = useState(false);
  const [currentId, setCurrentId] = useState(steps[0].id);
  const [history, setHistory] = useState<string[]>([]);
  const [triggered, setTriggered] = useState<ReadonlySet<string>>(() => new Set());
  const [notice, setNotice] = useState<WizardNotice | null>(null);
  const [submitting, setSubmitting] = useState(false);

  // Initial values that change under the user's edits would be overwritten silently by a submit.
  useEffect(() => {
    if (valuesEqual(initialValues, baseline)) return;
    if (valuesEqual(values, baseline)) {
      setValues(initialValues);
      setBaseline(initialValues);
      setMutated(false);
    } else if (valuesEqual(values, initialValues)) {
      // e.g. a refetch after a successful save: the user's values are the new truth.
      setBaseline(initialValues);
      setMutated(false);
    } else {
      setMutated(true);
    }
  }, [initialValues, baseline, values]);

  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  const stepById = useCallback(
    (id: string): WizardStep<V> => {
      const step = steps.find((candidate) => candidate.id === id);
      if (!step) throw new Error(`Wizard step "${id}" does not exist.`);
      return step;
    },
    [steps],
  );

  const currentIndex = steps.findIndex((step) => step.id === currentId);
  const step = stepById(currentId);
  const stepFields = step.fields ?? [];
  const nextId = step.next ? step.next(values) : steps[currentIndex + 1]?.id;
  const isLast = nextId === undefined;
  const isBusy = busy || submitting;

  const formMessages = useMemo<ReturnType<WizardFormValidator<V>>>(() => validateForm?.(values) ?? {}, [validateForm, values]);
  const errorOf = useCallback(
    (field: WizardField<V>) => validateField(field, values, validate) ?? formMessages[field.name],
    [values, validate, formMessages],
  );

  const errorsIn = useCallback(
    (fields: WizardField<V>[]): FieldError[] =>
      fields.flatMap((field) => {
        const message = errorOf(field);
        return message ? [{ label: field.label, message }] : [];
      }),
    [errorOf],
  );

  // Only the steps the user went through count: a branch not taken cannot block Submit.
  const pathFields = useMemo(
    () => [...history, currentId].flatMap((id) => stepById(id).fields ?? []),
    [history, currentId, stepById],
  );
  const formErrors = useMemo(() => errorsIn(pathFields), [errorsIn, pathFields]);

  const requiredFilled = stepFields.every(
    (field) => !rulesOf(field).required || !isEmptyValue(values[looseField(field).name]),
  );
  const dirty = !valuesEqual(values, baseline);

  const canGoBack = history.length > 0 && !disableBack && !isBusy;
  const canGoNext = !isLast && requiredFilled && !isBusy;
  const canSubmit = isLast && !isBusy && !mutated && formErrors.length === 0 && dirty;

  const triggerAll = (fields: WizardField<V>[]) => {
    setTriggered((current) => new Set([...current, ...fields.map((field) => field.name)]));
  };

  const showErrors = (errors: FieldError[]) => {
    setNotice({ title: 'Error', message: errors.map(({ label, message }) => `${label}: ${message}`).join('\n') });
  };

  const setValue = useCallback(<K extends keyof V>(name: K, value: V[K]) => {
    setValues((current) => ({ ...current, [name]: value }));
  }, []);

  /** A field's interaction; the field starts showing its error when it matches the field's trigger. */
  const touch = (field: WizardField<V>, event: FieldTrigger) => {
    const trigger = rulesOf(field).trigger ?? 'immediate';
    if (trigger === event && !triggered.has(field.name)) triggerAll([field]);
  };

  const shownError = (field: WizardField<V>): string | undefined =>
    triggered.has(field.name) ? errorOf(field) : undefined;

  const next = () => {
    if (!canGoNext || nextId === undefined) return;
    const errors = errorsIn(stepFields);
    if (errors.length > 0) {
      triggerAll(stepFields);
      showErrors(errors);
      return;
    }
    stepById(nextId); // fails loudly on a `next` that names no step
    setHistory((current) => [...current, currentId]);
    setCurrentId(nextId);
  };

  const back = () => {
    if (!canGoBack) return;
    setCurrentId(history[history.length - 1]);
    setHistory((current) => current.slice(0, -1));
  };

  const submit = async () => {
    if (!isLast || isBusy || mutated) return;
    if (formErrors.length > 0) {
      triggerAll(pathFields);
      showErrors(formErrors);
      return;
    }
    if (!dirty) return;
    setSubmitting(true);
    try {
      await onSubmit(values);
    } finally {
      if (mounted.current) setSubmitting(false);
    }
  };

  /** Enter: Submit on the last step, Next otherwise; an unfilled step only reveals its errors. */
  const enter = () => {
    if (isLast) return submit();
    if (!requiredFilled) {
      triggerAll(stepFields);
      return;
    }
    next();
  };

  return {
    step,
    stepIndex: currentIndex,
    history,
    values,
    setValue,
    touch,
    shownError,
    isLast,
    isBusy,
    mutated,
    canGoBack,
    canGoNext,
    canSubmit,
    next,
    back,
    submit,
    enter,
    notice,
    showNotice: setNotice,
    closeNotice: () => setNotice(null),
  };
}

export type WizardState<V> = ReturnType<typeof useWizard<V>>;
