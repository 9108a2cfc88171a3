// One document of the library: its preview (any version), download, versions, details (folder,
// tags, owner, review-by), the requirements it is evidence for, the tasks it is attached to, and
// Delete behind the delete dialog.
import { Box, Button, chakra, Heading, HStack, Link, Stack, Text } from '@chakra-ui/react';
import { DeleteConfirmationDialog, ErrorAlert, Loading, showSnackbar, usePermitted } from '@portal/shared';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { TASK_STATUS_LABELS, viewTaskPath } from '../../tasks';
import { useDeleteDocument } from '../api/changeDocument';
import { useDocument } from '../api/getDocument';
import { documentFileUrl } from '../api/getDocumentText';
import { DOCUMENT_PERMISSIONS } from '../api/keys';
import { formatBytes } from './csv';
import { DocumentMetadata } from './DocumentMetadata';
import { DocumentPreview } from './DocumentPreview';
import { EvidenceLinks } from './EvidenceLinks';

export function DocumentPanel({ graph, id, onClose }: { graph: string; id: string; onClose: () => void }) {
  const document = useDocument(graph, id);
  const mayDelete = usePermitted(DOCUMENT_PERMISSIONS.DELETE);
  const remove = useDeleteDocument(graph);
  const [asking, setAsking] = useState(false);
  const [shown, setShown] = useState<number | undefined>(undefined);
  if (document.isPending) return <Loading label="Loading the document…" />;
  if (document.error || !document.data) return <ErrorAlert error={document.error} onRetry={() => void document.refetch()} />;
  const data = document.data;
  const version = data.versions.find((entry) => entry.version === shown) ?? data.versions[0];
  const path = data.folder ? `${data.folder}/${data.name}` : data.name;
  return (
    <Stack gap={4} as="section" aria-label={`Document ${data.name}`} borderWidth="1px" borderRadius="md" p={4}>
      <HStack gap={2} flexWrap="wrap">
        <Heading as="h2" size="md">
          {path}
        </Heading>
        <Text fontSize="sm" color="fg.muted">
          version {version.version} of {data.current_version}, {formatBytes(version.size)}
        </Text>
        <HStack ms="auto" gap={2}>
          <Button asChild size="sm" variant="outline">
            <a href={documentFileUrl(graph, data.id, version.version, false)} download={data.name}>
              Download
            </a>
          </Button>
          {mayDelete && (
            <Button size="sm" variant="outline" colorPalette="red" onClick={() => setAsking(true)}>
              Delete
            </Button>
          )}
          <Button size="sm" variant="ghost" onClick={onClose}>
            Close
          </Button>
        </HStack>
      </HStack>
      <DocumentPreview graph={graph} id={data.id} name={data.name} version={version.version} contentType={version.content_type} />
      <Box>
        <Heading as="h3" size="sm" mb={2}>
          Versions
        </Heading>
        <chakra.ul listStyleType="none" aria-label="Versions">
          {data.versions.map((entry) => (
            <HStack as="li" key={entry.version} gap={3} fontSize="sm">
              <Text fontWeight={entry.version === version.version ? 'semibold' : undefined}>v{entry.version}</Text>
              <Text>{new Date(entry.created_at).toLocaleString()}</Text>
              <Text>{entry.uploaded_by?.name ?? '—'}</Text>
              <Text>{formatBytes(entry.size)}</Text>
              <Button size="2xs" variant="ghost" aria-label={`Preview version ${entry.version}`} onClick={() => setShown(entry.version)}>
                Preview
              </Button>
              <Link href={documentFileUrl(graph, data.id, entry.version, false)} aria-label={`Download version ${entry.version}`} colorPalette="blue">
                Download
              </Link>
            </HStack>
          ))}
        </chakra.ul>
      </Box>
      <DocumentMetadata key={data.updated_at} graph={graph} document={data} />
      <Box>
        <Heading as="h3" size="sm" mb={2}>
          Evidence for
        </Heading>
        <EvidenceLinks graph={graph} id={data.id} requirements={data.requirements} />
      </Box>
      <Box>
        <Heading as="h3" size="sm" mb={2}>
          Linked tasks
        </Heading>
        {data.tasks.length === 0 ? (
          <Text color="fg.muted" fontSize="sm">
            Not attached to any task.
          </Text>
        ) : (
          <Stack as="ul" aria-label="Linked tasks" gap={1} listStyleType="none">
            {data.tasks.map((task) => (
              <HStack as="li" key={task.id} gap={2} fontSize="sm">
                <Link asChild colorPalette="blue">
                  <RouterLink to={viewTaskPath(task.id)}>{task.title}</RouterLink>
                </Link>
                <Text color="fg.muted">{TASK_STATUS_LABELS[task.status as keyof typeof TASK_STATUS_LABELS] ?? task.status}</Text>
              </HStack>
            ))}
          </Stack>
        )}
      </Box>
      <DeleteConfirmationDialog
        open={asking}
        title="Delete document"
        message={`Delete ${path} with its ${data.versions.length === 1 ? 'version' : `${data.versions.length} versions`}? Requirements lose it as evidence, tasks as an attachment.`}
        busy={remove.isPending}
        onCancel={() => setAsking(false)}
        onConfirm={() =>
          remove.mutate(data.id, {
            onSuccess: () => {
              showSnackbar(`${data.name} deleted.`, 'success');
              onClose();
            },
            onError: (error) => showSnackbar(error instanceof Error ? error.message : 'The document could not be deleted.', 'error'),
            onSettled: () => setAsking(false),
          })
        }
      />
    </Stack>
  );
}
