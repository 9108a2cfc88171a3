// Dates as the portal shows them (spec 9): en-US, MM/DD/YYYY; moments with the time of day.
import { DATE_FORMAT_OPTIONS, DATE_LOCALE } from '@portal/shared';

const DAY = new Intl.DateTimeFormat(DATE_LOCALE, DATE_FORMAT_OPTIONS);
const MOMENT = new Intl.DateTimeFormat(DATE_LOCALE, { ...DATE_FORMAT_OPTIONS, hour: 'numeric', minute: '2-digit' });

/** A calendar day ('2026-11-27') or a moment (ISO) as MM/DD/YYYY; '—' when absent. */
export function formatDate(value: string | null | undefined): string {
  if (!value) return '—';
  // A calendar day is the same day everywhere: read it in local time, not as UTC midnight.
  const date = new Date(/^\d{4}-\d{2}-\d{2}$/.test(value) ? `${value}T00:00:00` : value);
  return Number.isNaN(date.getTime()) ? value : DAY.format(date);
}

/** A moment as MM/DD/YYYY, h:mm AM/PM; '—' when absent. */
export function formatTime(value: string | null | undefined): string {
  if (!value) return '—';
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? value : MOMENT.format(date);
}
