// Security Posture's search and order: the text matches app key, name, portfolio and process;
// the order is by a column, ties broken by the worse severities, then by app key.
import { type SortState } from '@portal/shared/screens';
import type { ApplicationSummary } from '../../../lib/types';

export const APPLICATION_COLUMNS = ['name', 'portfolio', 'process', 'build', 'CRITICAL', 'HIGH', 'MEDIUM', 'LOW', 'total', 'monitoring'] as const;
export type ApplicationColumn = (typeof APPLICATION_COLUMNS)[number];

/** Worst first: what a security team opens the page for. */
export const DEFAULT_ORDER: SortState<ApplicationColumn> = { column: 'CRITICAL', direction: 'desc' };

/** Columns whose first click sorts descending (most first). */
export const DESCENDING_FIRST: ReadonlySet<ApplicationColumn> = new Set(['build', 'CRITICAL', 'HIGH', 'MEDIUM', 'LOW', 'total', 'monitoring']);

export function matchesSearch(app: ApplicationSummary, search: string): boolean {
  const text = search.trim().toLowerCase();
  if (text === '') return true;
  return [app.app_key, app.name, app.portfolio ?? '', app.process].some((value) => value.toLowerCase().includes(text));
}

const text = (value: string | null | undefined) => (value ?? '').toLocaleLowerCase('en-US');

function value(app: ApplicationSummary, column: ApplicationColumn): string | number {
  switch (column) {
    case 'name':
      return text(app.name);
    case 'portfolio':
      return text(app.portfolio);
    case 'process':
      return text(app.process);
    case 'build':
      return app.latest_build ? Date.parse(app.latest_build.created_at) : -1;
    case 'total':
      return app.vulnerabilities.total;
    case 'monitoring':
      return app.enable_continuous_monitoring ? 1 : 0;
    default:
      return app.vulnerabilities[column];
  }
}

const compare = (a: string | number, b: string | number) => (a < b ? -1 : a > b ? 1 : 0);
const SEVERITY_TIES = ['CRITICAL', 'HIGH', 'MEDIUM', 'LOW'] as const;

export function orderApplications<T extends ApplicationSummary>(apps: readonly T[], order: SortState<ApplicationColumn>): T[] {
  const sign = order.direction === 'desc' ? -1 : 1;
  return [...apps].sort((a, b) => {
    const primary = compare(value(a, order.column), value(b, order.column)) * sign;
    if (primary !== 0) return primary;
    for (const severity of SEVERITY_TIES) {
      const tie = b.vulnerabilities[severity] - a.vulnerabilities[severity];
      if (tie !== 0) return tie;
    }
    return compare(text(a.app_key), text(b.app_key));
  });
}
