// How statuses, priorities and task types are named and marked in the requirement screens.
import { chakra } from '@chakra-ui/react';
import { REQUIREMENT_PRIORITY_LABELS, REQUIREMENT_STATUS_LABELS, type RequirementPriority, type RequirementStatus, type TaskType } from '@portal/shared';

// The labels are the contract's: the reports' CSV and PDF written by the API read the same.
export const STATUS_LABELS = REQUIREMENT_STATUS_LABELS;

export const PRIORITY_LABELS = REQUIREMENT_PRIORITY_LABELS;

export const TASK_TYPE_LABELS: Record<TaskType, string> = {
  REVIEW: 'Review',
  DELEGATE: 'Implement',
  HAS_GAP: 'Close gap',
  RESOLVE_REJECTED: 'Resolve rejection',
  RESOLVE_RISK: 'Resolve risk',
  RESOLVE_CONFLICT: 'Resolve conflict',
  GENERAL: 'General',
};

const STATUS_PALETTE: Record<RequirementStatus, string> = {
  DRAFT: 'gray',
  IN_REVIEW: 'blue',
  REJECTED: 'red',
  ACCEPTED: 'teal',
  IN_PROGRESS: 'purple',
  COMPLETED: 'green',
  FAILED: 'red',
};

const PRIORITY_PALETTE: Record<RequirementPriority, string> = { LOW: 'gray', MEDIUM: 'blue', HIGH: 'orange', CRITICAL: 'red' };

/** A small coloured label (Chakra's Badge is not part of the portal's Chakra surface). */
export function Tag({ palette, children, label }: { palette: string; children: string; label?: string }) {
  return (
    <chakra.span
      display="inline-block"
      px={2}
      py="1px"
      fontSize="xs"
      fontWeight="semibold"
      borderRadius="sm"
      whiteSpace="nowrap"
      colorPalette={palette}
      bg="colorPalette.subtle"
      color="colorPalette.fg"
      aria-label={label}
    >
      {children}
    </chakra.span>
  );
}

export function StatusTag({ status }: { status: RequirementStatus }) {
  return <Tag palette={STATUS_PALETTE[status] ?? 'gray'}>{STATUS_LABELS[status] ?? status}</Tag>;
}

export function PriorityTag({ priority }: { priority: RequirementPriority }) {
  return <Tag palette={PRIORITY_PALETTE[priority] ?? 'gray'}>{PRIORITY_LABELS[priority] ?? priority}</Tag>;
}

export function DeletedTag() {
  return <Tag palette="red">Deleted</Tag>;
}
