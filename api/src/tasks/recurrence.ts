// Recurring general tasks (issue 23 item 4): an RFC 5545 RRULE, checked here part by part (the
// `rrule` library is lenient: 'FREQ=BOGUS' or 'COUNT=abc' parse, a negative INTERVAL never
// ends), then evaluated by `rrule` from the series' first due date (its DTSTART). Tasks are
// days: the rule recurs daily at most often, and the next occurrence is looked for within 20
// years (a rule that names no real day — 30 February — ends there instead of scanning to 9999).
import { RRule } from 'rrule';
import { GENERAL_TASK_LIMITS } from '@portal/shared/server';

const WEEKDAY = '(MO|TU|WE|TH|FR|SA|SU)';
const signed = (max: number) => (text: string) => /^[+-]?\d{1,3}$/.test(text) && Math.abs(Number(text)) >= 1 && Math.abs(Number(text)) <= max;
const list = (item: (text: string) => boolean) => (value: string) => value.split(',').every(item);

/** Each part a rule may have, and whether its value is well-formed. */
const PARTS: Readonly<Record<string, (value: string) => boolean>> = {
  FREQ: (value) => /^(DAILY|WEEKLY|MONTHLY|YEARLY)$/.test(value),
  INTERVAL: (value) => /^\d{1,4}$/.test(value) && Number(value) >= 1 && Number(value) <= 1000,
  COUNT: (value) => /^\d{1,4}$/.test(value) && Number(value) >= 1 && Number(value) <= 1000,
  UNTIL: (value) => /^\d{8}(T\d{6}Z?)?$/.test(value) && !Number.isNaN(untilDate(value).getTime()),
  BYDAY: list((text) => new RegExp(`^([+-]?\\d{1,2})?${WEEKDAY}$`).test(text) && (!/\d/.test(text) || signed(53)(text.slice(0, -2)))),
  BYMONTHDAY: list(signed(31)),
  BYMONTH: list((text) => /^\d{1,2}$/.test(text) && Number(text) >= 1 && Number(text) <= 12),
  BYSETPOS: list(signed(366)),
  WKST: (value) => new RegExp(`^${WEEKDAY}$`).test(value),
};

export const RECURRENCE_MESSAGES = {
  invalid: 'Must be a recurrence rule of RFC 5545, e.g. FREQ=MONTHLY;INTERVAL=3.',
  part: (part: string) => `The recurrence rule's ${part} is not valid.`,
  unknownPart: (part: string) => `A task's recurrence rule may not have ${part} (a task recurs by days).`,
  twice: (part: string) => `The recurrence rule names ${part} twice.`,
  countAndUntil: 'The recurrence rule may have COUNT or UNTIL, not both.',
  freq: 'The recurrence rule needs FREQ (DAILY, WEEKLY, MONTHLY or YEARLY).',
  tooLong: `Must have no more than ${GENERAL_TASK_LIMITS.recurrence} characters.`,
  needsDueDate: 'A recurring task needs a due date.',
  noDay: 'The recurrence rule names no day that exists.',
} as const;

function untilDate(value: string): Date {
  const day = `${value.slice(0, 4)}-${value.slice(4, 6)}-${value.slice(6, 8)}`;
  const date = new Date(`${day}T00:00:00Z`);
  return date.toISOString().slice(0, 10) === day ? date : new Date(Number.NaN);
}

const MONTH_DAYS = [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/**
 * Rules that name no real day (30 February; the 6th Monday of a month) would make `rrule` scan to
 * the year 9999 for nothing (about a second): refused up front.
 */
function namesNoDay(parts: Record<string, string>): boolean {
  const months = parts.BYMONTH ? parts.BYMONTH.split(',').map(Number) : [1, 3];
  const longest = Math.max(...months.map((month) => MONTH_DAYS[month - 1]));
  if (parts.BYMONTHDAY && parts.BYMONTHDAY.split(',').every((day) => Math.abs(Number(day)) > longest)) return true;
  const monthly = parts.FREQ === 'MONTHLY' || (parts.FREQ === 'YEARLY' && parts.BYMONTH !== undefined);
  const ordinals = (parts.BYDAY ?? '').split(',').map((day) => Math.abs(Number(day.slice(0, -2) || '0')));
  return monthly && ordinals.every((ordinal) => ordinal > 5);
}

/** The rule as stored ('RRULE:' dropped, upper case), or the message that refuses it. */
export function parseRecurrence(text: string): { rule: string } | { error: string } {
  const trimmed = text.trim().replace(/^RRULE:/i, '').toUpperCase();
  if (trimmed === '') return { error: RECURRENCE_MESSAGES.invalid };
  if ([...trimmed].length > GENERAL_TASK_LIMITS.recurrence) return { error: RECURRENCE_MESSAGES.tooLong };
  const seen = new Set<string>();
  for (const part of trimmed.split(';')) {
    const match = /^([A-Z]+)=(.+)$/.exec(part);
    if (!match) return { error: RECURRENCE_MESSAGES.invalid };
    const [, name, value] = match;
    const check = PARTS[name];
    if (!check) return { error: /^[A-Z-]{1,20}$/.test(name) ? RECURRENCE_MESSAGES.unknownPart(name) : RECURRENCE_MESSAGES.invalid };
    if (seen.has(name)) return { error: RECURRENCE_MESSAGES.twice(name) };
    seen.add(name);
    if (!check(value)) return { error: RECURRENCE_MESSAGES.part(name) };
  }
  if (!seen.has('FREQ')) return { error: RECURRENCE_MESSAGES.freq };
  if (seen.has('COUNT') && seen.has('UNTIL')) return { error: RECURRENCE_MESSAGES.countAndUntil };
  if (namesNoDay(Object.fromEntries(trimmed.split(';').map((part) => part.split('=') as [string, string])))) return { error: RECURRENCE_MESSAGES.noDay };
  try {
    RRule.parseString(trimmed);
  } catch {
    return { error: RECURRENCE_MESSAGES.invalid };
  }
  return { rule: trimmed };
}

const dayDate = (day: string) => new Date(`${day}T00:00:00Z`);
const HORIZON_YEARS = 20;

/**
 * The rule's first day after `after` ('YYYY-MM-DD'), the series starting on `start`; null when the
 * series has ended (COUNT, UNTIL) or names no day within 20 years. `rule` passed parseRecurrence.
 */
export function nextOccurrence(rule: string, start: string, after: string): string | null {
  const options = RRule.parseString(rule);
  const rrule = new RRule({ ...options, dtstart: dayDate(start) });
  const from = dayDate(after);
  const horizon = new Date(from);
  horizon.setUTCFullYear(horizon.getUTCFullYear() + HORIZON_YEARS);
  const [next] = rrule.between(from, horizon, false, (_date, index) => index < 1);
  return next ? next.toISOString().slice(0, 10) : null;
}
