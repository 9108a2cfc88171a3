// Dates en-US as MM/DD/YYYY (spec 9), sizes and counts as people read them.
import { DATE_FORMAT_OPTIONS, DATE_LOCALE } from '@portal/shared';

export function formatDate(value: string | null | undefined): string {
  if (!value) return '—';
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? '—' : date.toLocaleDateString(DATE_LOCALE, DATE_FORMAT_OPTIONS);
}

/** MM/DD/YYYY, HH:MM: builds of one day are told apart by their time. */
export function formatDateTime(value: string | null | undefined): string {
  if (!value) return '—';
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return '—';
  return date.toLocaleString(DATE_LOCALE, { ...DATE_FORMAT_OPTIONS, hour: '2-digit', minute: '2-digit' });
}

export function plural(count: number, one: string, many = `${one}s`): string {
  return `${count.toLocaleString(DATE_LOCALE)} ${count === 1 ? one : many}`;
}
