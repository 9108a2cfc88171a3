// Small marks of a task: its state, overdue, its kind (Chakra's Badge is not on the portal's surface).
import { chakra } from '@chakra-ui/react';
import type { TaskStatus } from '@portal/shared';
import { TASK_STATUS_LABELS } from './labels';

const PALETTE: Record<TaskStatus, string> = { OPEN: 'blue', COMPLETED: 'green', FAILED: 'red' };

export function Mark({ palette, children }: { palette: string; children: string }) {
  return (
    <chakra.span
      display="inline-block"
      px={1.5}
      borderRadius="sm"
      fontSize="xs"
      fontWeight="medium"
      bg={`${palette}.subtle`}
      color={`${palette}.fg`}
      whiteSpace="nowrap"
    >
      {children}
    </chakra.span>
  );
}

export const StatusMark = ({ status }: { status: TaskStatus }) => <Mark palette={PALETTE[status]}>{TASK_STATUS_LABELS[status]}</Mark>;

export const OverdueMark = () => <Mark palette="orange">Overdue</Mark>;
