// Recurring general tasks: an RFC 5545 RRULE, chosen from presets ("quarterly access review") or
// written out. The API parses it with a maintained RFC 5545 library and refuses what it cannot;
// the form only catches what is plainly not a rule.
export const RECURRENCE_PRESETS = [
  { value: 'none', label: 'Does not repeat', rule: null },
  { value: 'weekly', label: 'Weekly', rule: 'FREQ=WEEKLY' },
  { value: 'monthly', label: 'Monthly', rule: 'FREQ=MONTHLY' },
  { value: 'quarterly', label: 'Quarterly', rule: 'FREQ=MONTHLY;INTERVAL=3' },
  { value: 'yearly', label: 'Yearly', rule: 'FREQ=YEARLY' },
  { value: 'custom', label: 'Custom rule (RRULE)', rule: null },
] as const;

export type RecurrenceChoice = (typeof RECURRENCE_PRESETS)[number]['value'];

const RULE = /^(RRULE:)?FREQ=(SECONDLY|MINUTELY|HOURLY|DAILY|WEEKLY|MONTHLY|YEARLY)(;[A-Z]+=[A-Z0-9,+-:]+)*$/i;

export const RRULE_MESSAGE = 'Write an RFC 5545 rule, e.g. FREQ=MONTHLY;INTERVAL=3.';

/** The preset a stored rule is, or 'custom'. */
export function choiceOf(rule: string | null | undefined): RecurrenceChoice {
  if (!rule) return 'none';
  return RECURRENCE_PRESETS.find((preset) => preset.rule === rule.replace(/^RRULE:/i, ''))?.value ?? 'custom';
}

/** The rule to send for a choice (and the custom text), or null. */
export function ruleOf(choice: RecurrenceChoice, custom: string): string | null {
  if (choice === 'custom') return custom.trim();
  return RECURRENCE_PRESETS.find((preset) => preset.value === choice)?.rule ?? null;
}

/** Whether the custom text reads as a rule. */
export const isRule = (text: string) => RULE.test(text.trim());

/** How a task's rule reads: the preset's name, or the rule itself. */
export function recurrenceText(rule: string | null): string {
  const choice = choiceOf(rule);
  return choice === 'custom' ? (rule ?? '') : (RECURRENCE_PRESETS.find((preset) => preset.value === choice)?.label ?? '');
}
