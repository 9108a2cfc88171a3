// Requirements and tasks as the API answers them, for the component tests. Test-only.
import type { Requirement, RequirementDetail, RequirementTask } from '@portal/shared';
import { AUTHOR, REVIEWER } from './session';

export function requirement(n: number, overrides: Partial<Requirement> = {}): Requirement {
  return {
    id: `r${n}`,
    code: `REQ-${n}`,
    title: `Requirement ${n}`,
    description: '',
    parent_id: null,
    position: n,
    priority: 'MEDIUM',
    status: 'DRAFT',
    progress: 0,
    owner: AUTHOR,
    due_date: null,
    tags: [],
    source: null,
    children_count: 0,
    has_gap: false,
    has_risk: false,
    plane: null,
    created_by: AUTHOR,
    created_at: '2026-11-01T10:00:00.000Z',
    updated_at: '2026-11-01T10:00:00.000Z',
    deleted_at: null,
    version: 1,
    ...overrides,
  };
}

export function detail(n: number, overrides: Partial<RequirementDetail> = {}): RequirementDetail {
  return { ...requirement(n), ancestors: [], ...overrides };
}

export function task(id: string, overrides: Partial<RequirementTask> = {}): RequirementTask {
  return {
    id,
    type: 'REVIEW',
    status: 'OPEN',
    requirement: { id: 'r1', code: 'REQ-1', title: 'Requirement 1' },
    assigned_to_user: REVIEWER,
    delegated_to: null,
    assigned_to_group: null,
    progress: 0,
    due_date: null,
    comment: '',
    related_id: null,
    created_by: AUTHOR,
    created_at: '2026-11-02T10:00:00.000Z',
    updated_at: '2026-11-02T10:00:00.000Z',
    ...overrides,
  };
}

/** A requirement reference (id, code, title) as lists and analyses name it. */
export const REQ = (n: number, title = `Requirement ${n}`) => ({ id: `r${n}`, code: `REQ-${n}`, title });
