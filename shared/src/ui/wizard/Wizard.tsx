import { Alert, Button, chakra, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { useState, type FormEvent, type KeyboardEvent, type ReactNode } from 'react';
import { MESSAGES } from '../../validation/messages';
import { NoticeDialog } from '../dialogs/NoticeDialog';
import { HelpButton } from './HelpButton';
import { StepIndicator } from './StepIndicator';
import type { WizardFieldValidator, WizardFormValidator, WizardStep } from './types';
import { useWizard } from './useWizard';
import { WizardFieldInput } from './WizardFieldInput';

export interface WizardProps<V> {
  steps: WizardStep<V>[];
  initialValues: V;
  /** Checks of non-empty values; defaults to the formats and bounds of spec 5. 'Required.' is built in. */
  validate?: WizardFieldValidator<V>;
  /** Cross-field checks, e.g. `values => formErrors(resetPasswordSchema, values)`. */
  validateForm?: WizardFormValidator<V>;
  /** A rejection is left to the portal's global error handler. */
  onSubmit: (values: V) => void | Promise<void>;
  submitText?: string;
  /** Set by the caller while its mutation runs; the wizard is also busy while onSubmit's promise runs. */
  busy?: boolean;
  disableBack?: boolean;
  title?: ReactNode;
  /** Markdown help behind the help icon; right-click shows `alternateHelp` when given. */
  help?: string;
  alternateHelp?: string;
  /** How the help notice shows the text, e.g. a remote's sanitized markdown renderer; plain text otherwise. */
  renderHelp?: (text: string) => ReactNode;
}

/** The generic wizard form of spec 2.3 and 4.3. */
export function Wizard<V>({
  steps,
  initialValues,
  validate,
  validateForm,
  onSubmit,
  submitText = 'Submit',
  busy,
  disableBack,
  title,
  help,
  alternateHelp,
  renderHelp,
}: WizardProps<V>) {
  const wizard = useWizard({ steps, initialValues, validate, validateForm, onSubmit, busy, disableBack });
  const [shownHelp, setShownHelp] = useState<string | null>(null);
  const { step } = wizard;

  // Enter moves on from any one-line input; textareas keep Enter for new lines and buttons for
  // their own action.
  const onKeyDown = (event: KeyboardEvent<HTMLFormElement>) => {
    if (event.key !== 'Enter' || event.nativeEvent.isComposing) return;
    if (!(event.target instanceof HTMLInputElement)) return;
    event.preventDefault();
    void wizard.enter();
  };

  const onFormSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
  };

  return (
    <chakra.form noValidate onSubmit={onFormSubmit} onKeyDown={onKeyDown} aria-busy={wizard.isBusy}>
      {(title !== undefined || help !== undefined) && (
        <HStack justify={title !== undefined ? 'space-between' : 'flex-end'} mb="4">
          {title !== undefined && (
            <Heading as="h2" size="lg">
              {title}
            </Heading>
          )}
          {help !== undefined && (
            <HelpButton
              help={help}
              alternateHelp={alternateHelp}
              onShow={(text) => (renderHelp ? setShownHelp(text) : wizard.showNotice({ title: 'Help', message: text }))}
            />
          )}
        </HStack>
      )}

      <StepIndicator steps={steps} currentId={step.id} visited={wizard.history} />

      <Stack as="section" aria-label={step.title} gap="4">
        <Heading as="h3" size="md">
          {step.title}
        </Heading>
        {step.description && <Text color="fg.muted">{step.description}</Text>}
        {(step.fields ?? []).map((field) => (
          <WizardFieldInput
            key={field.name}
            field={field}
            values={wizard.values}
            error={wizard.shownError(field)}
            disabled={wizard.isBusy}
            onChange={wizard.setValue}
            onTrigger={wizard.touch}
          />
        ))}
        {step.render?.({ values: wizard.values, setValue: wizard.setValue, busy: wizard.isBusy })}
      </Stack>

      {wizard.mutated && (
        <Alert.Root status="warning" mt="4">
          <Alert.Indicator />
          <Alert.Title>{MESSAGES.initialValuesChanged}</Alert.Title>
        </Alert.Root>
      )}

      <HStack justify="flex-end" gap="3" mt="6">
        {wizard.history.length > 0 && !disableBack && (
          <Button type="button" variant="outline" onClick={wizard.back} disabled={!wizard.canGoBack}>
            Back
          </Button>
        )}
        {wizard.isLast ? (
          <Button
            type="button"
            colorPalette="brand"
            onClick={() => void wizard.submit()}
            disabled={!wizard.canSubmit}
            loading={wizard.isBusy}
            loadingText={submitText}
          >
            {submitText}
          </Button>
        ) : (
          <Button type="button" colorPalette="brand" onClick={wizard.next} disabled={!wizard.canGoNext}>
            Next
          </Button>
        )}
      </HStack>

      {wizard.notice && (
        <NoticeDialog open title={wizard.notice.title} message={wizard.notice.message} onClose={wizard.closeNotice} />
      )}
      {shownHelp !== null && renderHelp && <NoticeDialog open title="Help" message={renderHelp(shownHelp)} onClose={() => setShownHelp(null)} />}
    </chakra.form>
  );
}
