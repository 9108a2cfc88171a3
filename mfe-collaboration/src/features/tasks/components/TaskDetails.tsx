// What a task is: its kind and state, what it is about (requirement, gap, risk, conflict, or a
// general task's link) with links to their pages, who holds it, due date, progress, recurrence.
import { Box, chakra, Link as ChakraLink, Stack, Text } from '@chakra-ui/react';
import type { InboxTask } from '@portal/shared/collaboration';
import { ProgressBar } from '@portal/shared/screens';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { formatDate, formatTime } from '../../../lib/dates';
import { linkPath, requirementPath, subjectOf } from '../paths';
import { typeLabel } from './labels';
import { recurrenceText } from './recurrence';
import { OverdueMark, StatusMark } from './TaskBadges';

function Row({ term, children }: { term: string; children: ReactNode }) {
  return (
    <>
      <chakra.dt fontWeight="medium" color="fg.muted" fontSize="sm">
        {term}
      </chakra.dt>
      <chakra.dd fontSize="sm" m={0}>
        {children}
      </chakra.dd>
    </>
  );
}

const PageLink = ({ to, children }: { to: string; children: ReactNode }) => (
  <ChakraLink asChild colorPalette="blue">
    <Link to={to}>{children}</Link>
  </ChakraLink>
);

export function TaskDetails({ task }: { task: InboxTask }) {
  const subject = subjectOf(task);
  const link = task.link;
  const linkTo = link ? linkPath(link) : undefined;
  return (
    <Stack gap={3}>
      <chakra.dl display="grid" gridTemplateColumns="max-content 1fr" columnGap={6} rowGap={2} aria-label="Task details">
        <Row term="Kind">{typeLabel(task.type)}</Row>
        <Row term="State">
          <StatusMark status={task.status} /> {task.overdue && <OverdueMark />}
        </Row>
        {task.requirement && (
          <Row term="Requirement">
            <PageLink to={requirementPath(task.requirement.id)}>
              {task.requirement.code} {task.requirement.title}
            </PageLink>
          </Row>
        )}
        {subject && (
          <Row term={subject.label}>
            <PageLink to={subject.path}>{`${subject.label} on the gap analysis`}</PageLink>
          </Row>
        )}
        {link && (
          <Row term="Links to">
            {linkTo ? <PageLink to={linkTo}>{link.label}</PageLink> : <Text as="span">{`Finding ${link.label}`}</Text>}
          </Row>
        )}
        <Row term="Assigned to">{task.assigned_to_user?.name ?? '—'}</Row>
        <Row term="Delegate">{task.delegated_to?.name ?? '—'}</Row>
        <Row term="Workgroup">{task.assigned_to_group?.name ?? '—'}</Row>
        <Row term="Due date">{formatDate(task.due_date)}</Row>
        <Row term="Progress">
          <Box maxW="16rem">
            <ProgressBar label="Progress" value={task.progress} valueText={`${task.progress} %`} />
            <Text as="span" fontSize="xs" color="fg.muted">{`${task.progress} %`}</Text>
          </Box>
        </Row>
        {task.recurrence && <Row term="Repeats">{recurrenceText(task.recurrence)}</Row>}
        <Row term="Created">{`${formatTime(task.created_at)} by ${task.created_by?.name ?? '—'}`}</Row>
      </chakra.dl>
      {task.description && (
        <Box>
          <Text fontWeight="medium" fontSize="sm" color="fg.muted">
            Description
          </Text>
          <Text whiteSpace="pre-wrap">{task.description}</Text>
        </Box>
      )}
      {task.comment && (
        <Box>
          <Text fontWeight="medium" fontSize="sm" color="fg.muted">
            {task.type === 'RESOLVE_REJECTED' ? 'Why it was rejected' : 'Comment'}
          </Text>
          <Text whiteSpace="pre-wrap">{task.comment}</Text>
        </Box>
      )}
    </Stack>
  );
}
