// The filters and order of the requirement lists (GET requirements), as the depository sets them.
import type { RequirementDeletedFilter, RequirementPriority, RequirementSortField, RequirementStatus } from '@portal/shared';

export const SORT_FIELDS = ['position', 'code', 'title', 'priority', 'status', 'progress', 'due_date', 'updated_at'] as const satisfies readonly RequirementSortField[];
export type SortField = RequirementSortField;
export type DeletedFilter = RequirementDeletedFilter;

/** The filters and order of the depository (both views). */
export interface RequirementFilters {
  search?: string;
  status?: RequirementStatus | '';
  priority?: RequirementPriority | '';
  tag?: string;
  owner?: string;
  deleted?: DeletedFilter;
  sort?: SortField;
  order?: 'asc' | 'desc';
}

export interface RequirementListParams extends RequirementFilters {
  /** 'root' for the top level, an id for its children; absent: the whole process. */
  parent?: string;
}

/** One page of the depository. */
export const PAGE_SIZE = 100;
