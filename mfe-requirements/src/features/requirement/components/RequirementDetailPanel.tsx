// One requirement (issue 6 item 3), beside the depository at /requirements?id=<id>: rendered
// description, fields, ancestors, children, history and comments, and the actions the user's
// permissions allow. A deleted requirement is shown read-only under the 'Deleted' label.
import { Alert, Box, Button, chakra, Heading, HStack, IconButton, Link as ChakraLink, Separator, Stack, Text } from '@chakra-ui/react';
import { DeleteConfirmationDialog, ErrorAlert, Loading, problemText, showSnackbar, usePermitted, type RequirementDetail } from '@portal/shared';
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { AttachmentsPanel } from '../../attachments';
import { ComplianceSection } from '../../compliance';
import { DuplicateCandidates } from '../../duplicates';
import { MarkdownView } from '../../markdown';
import { useDeleteRequirement } from '../api/deleteRequirement';
import { useRequirement } from '../api/getRequirement';
import { useRequirementPage } from '../api/getRequirements';
import { useUpdateRequirementProgress } from '../api/updateRequirementProgress';
import { MyTasksOf } from './TaskActions';
import { addChildPath, detailPath, modifyPath } from '../paths';
import { P } from '../../../lib/permissions';
import { ApplicationsSection } from './ApplicationsSection';
import { CommentsSection } from './CommentsSection';
import { EvidenceSection } from './EvidenceSection';
import { HistoryList } from './HistoryList';
import { DeletedTag, PriorityTag, StatusTag } from '../../../components/labels';
import { ProgressDialog } from './ProgressDialog';
import { SubmitForReviewDialog } from './SubmitForReviewDialog';
import { formatDate, formatTime } from '../../../lib/dates';

/** Statuses from which the author (re)submits for review. */
const SUBMITTABLE = new Set(['DRAFT', 'REJECTED']);
/** Statuses whose progress is reported (accepted and being implemented). */
const IN_WORK = new Set(['ACCEPTED', 'IN_PROGRESS']);

export interface RequirementDetailPanelProps {
  graph: string;
  id: string;
  onClose: () => void;
}

export function RequirementDetailPanel({ graph, id, onClose }: RequirementDetailPanelProps) {
  const query = useRequirement(graph, id);
  return (
    <Box as="aside" aria-label="Requirement" borderWidth="1px" borderRadius="md" p={4} bg="bg" minW={0}>
      <HStack justify="flex-end">
        <IconButton aria-label="Close requirement" size="xs" variant="ghost" onClick={onClose}>
          ✕
        </IconButton>
      </HStack>
      {query.isPending ? (
        <Loading label="Loading requirement…" />
      ) : query.error || !query.data ? (
        <ErrorAlert error={query.error} onRetry={() => void query.refetch()} />
      ) : (
        <RequirementDetailView graph={graph} requirement={query.data} />
      )}
    </Box>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box as="section" aria-label={title}>
      <Heading as="h3" size="sm" mb={2}>
        {title}
      </Heading>
      {children}
    </Box>
  );
}

function FieldRow({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <chakra.dt color="fg.muted" fontSize="sm">
        {label}
      </chakra.dt>
      <chakra.dd fontSize="sm" m={0}>
        {children}
      </chakra.dd>
    </>
  );
}

export function RequirementDetailView({
  graph,
  requirement,
  actions = true,
}: {
  graph: string;
  requirement: RequirementDetail;
  /** The requirement's own actions; a task panel shows the task's instead. */
  actions?: boolean;
}) {
  const readOnly = requirement.deleted_at !== null || !actions;
  const mayUpdate = usePermitted(P.UPDATE_REQUIREMENT) && !readOnly;
  const mayCreate = usePermitted(P.CREATE_REQUIREMENT) && !readOnly;
  const mayProgress = usePermitted(P.UPDATE_REQUIREMENT_PROGRESS) && !readOnly;
  const mayDelete = usePermitted(P.DELETE_REQUIREMENT) && !readOnly;
  const [dialog, setDialog] = useState<'submit' | 'progress' | 'delete' | null>(null);
  const remove = useDeleteRequirement(graph, requirement);
  const progress = useUpdateRequirementProgress(graph, requirement.id);
  const name = `${requirement.code} ${requirement.title}`;

  const confirmDelete = () => {
    remove.mutate(undefined, {
      onSuccess: () => showSnackbar(`${requirement.code} deleted.`, 'success'),
      onSettled: () => setDialog(null),
    });
  };

  return (
    <Stack gap={4} aria-label={name} role="group">
      {requirement.ancestors.length > 0 && (
        <chakra.nav aria-label="Ancestors" fontSize="sm">
          <HStack as="ol" gap={1} listStyleType="none" flexWrap="wrap">
            {requirement.ancestors.map((ancestor) => (
              <li key={ancestor.id}>
                <ChakraLink asChild colorPalette="blue">
                  <Link to={detailPath(ancestor.id)}>{ancestor.code}</Link>
                </ChakraLink>
                <chakra.span aria-hidden color="fg.muted" ml={1}>
                  ›
                </chakra.span>
              </li>
            ))}
          </HStack>
        </chakra.nav>
      )}
      <Box>
        <Heading as="h2" size="lg">
          {requirement.code} · {requirement.title}
        </Heading>
        <HStack gap={2} mt={2} flexWrap="wrap">
          {requirement.deleted_at !== null && <DeletedTag />}
          <StatusTag status={requirement.status} />
          <PriorityTag priority={requirement.priority} />
          {requirement.has_gap && <Text fontSize="xs">Gap identified</Text>}
          {requirement.has_risk && <Text fontSize="xs">Risk identified</Text>}
        </HStack>
      </Box>

      {requirement.deleted_at !== null && (
        <Alert.Root status="warning">
          <Alert.Indicator />
          <Alert.Title>Deleted on {formatTime(requirement.deleted_at!)}; shown read-only.</Alert.Title>
        </Alert.Root>
      )}

      {(mayUpdate || mayCreate || mayProgress || mayDelete) && (
        <HStack gap={2} flexWrap="wrap" role="toolbar" aria-label="Requirement actions">
          {mayUpdate && (
            <Button asChild size="sm" variant="outline">
              <Link to={modifyPath(requirement.id)}>Modify</Link>
            </Button>
          )}
          {mayCreate && (
            <Button asChild size="sm" variant="outline">
              <Link to={addChildPath(requirement.id)}>Add sub-requirement</Link>
            </Button>
          )}
          {mayUpdate && SUBMITTABLE.has(requirement.status) && (
            <Button size="sm" colorPalette="brand" onClick={() => setDialog('submit')}>
              Submit for review
            </Button>
          )}
          {mayProgress && IN_WORK.has(requirement.status) && (
            <Button size="sm" variant="outline" onClick={() => setDialog('progress')}>
              Update progress
            </Button>
          )}
          {mayDelete && (
            <Button size="sm" variant="outline" colorPalette="red" onClick={() => setDialog('delete')}>
              Delete
            </Button>
          )}
        </HStack>
      )}

      {remove.error && (
        <Alert.Root status="error" role="alert">
          <Alert.Indicator />
          <Alert.Title>{problemText(remove.error)}</Alert.Title>
        </Alert.Root>
      )}

      {actions && !requirement.deleted_at && <MyTasksOf graph={graph} requirementId={requirement.id} />}

      <chakra.dl display="grid" gridTemplateColumns="max-content 1fr" columnGap={4} rowGap={1}>
        <FieldRow label="Owner">{requirement.owner?.name ?? '—'}</FieldRow>
        <FieldRow label="Due date">{formatDate(requirement.due_date)}</FieldRow>
        <FieldRow label="Progress">{requirement.progress} %</FieldRow>
        <FieldRow label="Tags">{requirement.tags.length > 0 ? requirement.tags.join(', ') : '—'}</FieldRow>
        <FieldRow label="Source">{requirement.source ?? '—'}</FieldRow>
        <FieldRow label="Created by">{requirement.created_by?.name ?? '—'}</FieldRow>
        <FieldRow label="Updated">{formatTime(requirement.updated_at)}</FieldRow>
      </chakra.dl>

      <Section title="Description">
        <MarkdownView text={requirement.description} />
      </Section>
      <Separator />
      <Section title="Sub-requirements">
        <ChildrenList graph={graph} id={requirement.id} count={requirement.children_count} />
      </Section>
      <Separator />
      <Section title="Applications">
        <ApplicationsSection graph={graph} id={requirement.id} readOnly={readOnly} />
      </Section>
      <Separator />
      <ComplianceSection graph={graph} requirement={requirement} readOnly={readOnly} />
      {requirement.deleted_at === null && (
        <>
          <Separator />
          <DuplicateCandidates graph={graph} requirementId={requirement.id} />
        </>
      )}
      <Separator />
      <Section title="Evidence">
        <EvidenceSection graph={graph} id={requirement.id} />
      </Section>
      <Separator />
      <AttachmentsPanel graph={graph} requirementId={requirement.id} readOnly={requirement.deleted_at !== null} />
      <Separator />
      <Section title="History">
        <HistoryList graph={graph} id={requirement.id} />
      </Section>
      <Separator />
      <Section title="Comments">
        <CommentsSection graph={graph} id={requirement.id} readOnly={requirement.deleted_at !== null} />
      </Section>

      <SubmitForReviewDialog graph={graph} requirement={requirement} open={dialog === 'submit'} onClose={() => setDialog(null)} />
      {dialog === 'progress' && (
        <ProgressDialog
          open
          title={`Update progress of ${requirement.code}`}
          initial={requirement.progress}
          busy={progress.isPending}
          error={progress.error ?? undefined}
          onClose={() => {
            progress.reset();
            setDialog(null);
          }}
          onSave={(value) =>
            progress.mutate(value, {
              onSuccess: () => {
                showSnackbar(`Progress of ${requirement.code} saved.`, 'success');
                setDialog(null);
              },
            })
          }
        />
      )}
      <DeleteConfirmationDialog
        open={dialog === 'delete'}
        title={`Delete ${requirement.code}?`}
        message={`${name} will be kept under the Deleted label and can no longer be changed.`}
        busy={remove.isPending}
        onCancel={() => setDialog(null)}
        onConfirm={confirmDelete}
      />
    </Stack>
  );
}

function ChildrenList({ graph, id, count }: { graph: string; id: string; count: number }) {
  const children = useRequirementPage(graph, { parent: id, sort: 'position', order: 'asc' }, 0, count > 0);
  if (count === 0) return <Text color="fg.muted">No sub-requirements.</Text>;
  if (children.isPending) return <Loading label="Loading sub-requirements…" />;
  if (children.error || !children.data) return <ErrorAlert error={children.error} onRetry={() => void children.refetch()} />;
  return (
    <Stack as="ul" aria-label="Sub-requirements" gap={1} listStyleType="none">
      {children.data.items.map((child) => (
        <HStack as="li" key={child.id} gap={2}>
          <ChakraLink asChild colorPalette="blue">
            <Link to={detailPath(child.id)}>
              {child.code} · {child.title}
            </Link>
          </ChakraLink>
          <StatusTag status={child.status} />
        </HStack>
      ))}
      {children.data.total > children.data.items.length && (
        <Text fontSize="sm" color="fg.muted">
          and {children.data.total - children.data.items.length} more in the depository.
        </Text>
      )}
    </Stack>
  );
}
