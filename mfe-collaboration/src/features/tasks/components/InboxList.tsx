// The inbox's rows: each task with its kind, title, requirement, holder, due date and state. The
// selected row (j/k) is marked for eyes and screen readers (aria-current) and kept in view.
import { Box, HStack, Link as ChakraLink, Stack, Text } from '@chakra-ui/react';
import type { InboxTask } from '@portal/shared/collaboration';
import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { formatDate } from '../../../lib/dates';
import { viewTaskPath } from '../paths';
import { holderText, typeLabel } from './labels';
import { OverdueMark, StatusMark } from './TaskBadges';

export interface InboxListProps {
  tasks: readonly InboxTask[];
  selected: number;
  onSelect: (index: number) => void;
}

export function InboxList({ tasks, selected, onSelect }: InboxListProps) {
  const rows = useRef<(HTMLLIElement | null)[]>([]);
  useEffect(() => {
    rows.current[selected]?.scrollIntoView?.({ block: 'nearest' });
  }, [selected]);
  return (
    <Stack as="ul" aria-label="Tasks" listStyleType="none" gap={0} borderWidth="1px" borderRadius="md">
      {tasks.map((task, index) => {
        const current = index === selected;
        return (
          <Box
            as="li"
            key={task.id}
            ref={(element: HTMLLIElement | null) => {
              rows.current[index] = element;
            }}
            aria-current={current ? 'true' : undefined}
            px={3}
            py={2}
            borderTopWidth={index === 0 ? 0 : '1px'}
            bg={current ? 'blue.subtle' : undefined}
            borderLeftWidth="3px"
            borderLeftColor={current ? 'blue.solid' : 'transparent'}
            onClick={() => onSelect(index)}
          >
            <HStack justify="space-between" align="flex-start" gap={3}>
              <Box minW={0}>
                <ChakraLink asChild fontWeight="semibold">
                  <Link to={viewTaskPath(task.id)}>{task.title}</Link>
                </ChakraLink>
                <Text fontSize="sm" color="fg.muted">
                  {typeLabel(task.type)}
                  {task.requirement ? ` · ${task.requirement.code} ${task.requirement.title}` : ''}
                  {task.link && !task.requirement ? ` · ${task.link.label}` : ''} · {holderText(task)}
                </Text>
              </Box>
              <HStack gap={2} flexShrink={0}>
                {task.overdue && <OverdueMark />}
                <StatusMark status={task.status} />
                <Text fontSize="sm" color="fg.muted" minW="6rem" textAlign="end">
                  {task.due_date ? `due ${formatDate(task.due_date)}` : 'no due date'}
                </Text>
              </HStack>
            </HStack>
          </Box>
        );
      })}
    </Stack>
  );
}
