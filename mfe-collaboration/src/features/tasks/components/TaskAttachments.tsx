// A task's attachments (issue 23 item 2): the documents of the library attached to it, each opened
// in a tab or downloaded; who may change them (upload=>Document and the right to act on the task,
// or to edit a general task — the API's rule) attaches a new file (uploaded into the library and
// attached at once), links a document of the library, or unlinks one after a confirmation.
import { Button, HStack, Input, Link, Stack, Text } from '@chakra-ui/react';
import { ConfirmDialog, ErrorAlert, QueryView, showSnackbar, usePermitted, type UploadProgress } from '@portal/shared';
import { type EvidenceDocument, type InboxTask } from '@portal/shared/collaboration';
import { FileDrop, useDebounced } from '@portal/shared/screens';
import { useId, useState } from 'react';
import { useLoginId } from '../../../lib/graph';
import { COLLABORATION_PERMISSIONS as P } from '../../../lib/permissions';
import { attachmentUrl, useLibrarySearch, useLinkTaskAttachment, useTaskAttachments, useUploadTaskAttachment } from '../api/taskAttachments';
import { useTaskAuthorization } from '../hooks/useTaskAuthorization';

const pathOf = (document: Pick<EvidenceDocument, 'folder' | 'name'>) => (document.folder ? `${document.folder}/${document.name}` : document.name);

/** Whether the signed-in user may attach and detach documents (the API judges again). */
function useMayChange(task: InboxTask): boolean {
  const verdict = useTaskAuthorization(task);
  const login = useLoginId();
  const mayUpload = usePermitted(P.UPLOAD_DOCUMENT);
  const mayAssign = usePermitted(P.ASSIGN_TASK);
  const editsIt = task.type === 'GENERAL' && (mayAssign || (login !== undefined && task.created_by?.login_id === login));
  return mayUpload && (verdict.allowed || editsIt);
}

export function TaskAttachments({ graph, task }: { graph: string; task: InboxTask }) {
  const mayView = usePermitted(P.VIEW_DOCUMENT);
  const mayList = usePermitted(P.LIST_DOCUMENT);
  const mayChange = useMayChange(task);
  const attachments = useTaskAttachments(graph, task.id, mayView);
  const link = useLinkTaskAttachment(graph, task.id);
  const upload = useUploadTaskAttachment(graph, task.id);
  const [progress, setProgress] = useState<{ name: string; percent: number } | null>(null);
  const [unlinking, setUnlinking] = useState<EvidenceDocument | null>(null);
  const [search, setSearch] = useState('');
  const debounced = useDebounced(search, 250);
  const found = useLibrarySearch(graph, debounced.trim(), mayChange && mayList && debounced.trim() !== '');
  const searchId = useId();

  if (!mayView) return <Text color="fg.muted">You may not view the documents of this process.</Text>;

  const attach = async (files: File[]) => {
    for (const file of files) {
      setProgress({ name: file.name, percent: 0 });
      const onProgress = ({ loaded, total }: UploadProgress) => setProgress({ name: file.name, percent: total > 0 ? Math.round((loaded / total) * 100) : 0 });
      try {
        await upload.mutateAsync({ file, onProgress });
        showSnackbar(`${file.name} attached.`, 'success');
      } catch {
        // upload.error shows why.
        break;
      } finally {
        setProgress(null);
      }
    }
  };

  const linked = new Set((attachments.data ?? []).map((document) => document.id));
  const choices = (found.data?.items ?? []).filter((document) => !linked.has(document.id));
  return (
    <Stack gap={3}>
      <QueryView query={attachments} loading="Loading attachments…">
        {(list) =>
          list.length === 0 ? (
            <Text color="fg.muted">No files attached.</Text>
          ) : (
            <Stack as="ul" aria-label="Attachments" listStyleType="none" gap={2}>
              {list.map((document) => (
                <HStack as="li" key={document.id} gap={2} flexWrap="wrap">
                  <Link href={attachmentUrl(graph, document.id, true)} target="_blank" rel="noopener" colorPalette="blue" aria-label={`Open ${document.name}`}>
                    {pathOf(document)}
                  </Link>
                  <Text fontSize="xs" color="fg.muted">
                    v{document.current_version}
                    {document.linked_by ? ` · attached by ${document.linked_by.name}` : ''}
                  </Text>
                  <Link href={attachmentUrl(graph, document.id, false)} download={document.name} fontSize="sm" colorPalette="blue" aria-label={`Download ${document.name}`}>
                    Download
                  </Link>
                  {mayChange && (
                    <Button size="2xs" variant="ghost" aria-label={`Unlink ${document.name}`} onClick={() => setUnlinking(document)}>
                      Unlink
                    </Button>
                  )}
                </HStack>
              ))}
            </Stack>
          )
        }
      </QueryView>
      {mayChange && (
        <>
          <FileDrop label="Files to attach" chooseText="Attach file" multiple disabled={progress !== null} onFiles={(files) => void attach(files)} hint="Into the library (Shared files), attached to this task." />
          {progress && (
            <Text fontSize="sm" role="status">
              Uploading {progress.name}… {progress.percent}%
            </Text>
          )}
          {upload.error && <ErrorAlert error={upload.error} />}
          {mayList && (
            <Stack gap={1}>
              <label htmlFor={searchId}>
                <Text fontSize="sm">Link from the library</Text>
              </label>
              <Input id={searchId} size="sm" value={search} placeholder="File name or text" onChange={(event) => setSearch(event.target.value)} />
              {choices.length > 0 && (
                <Stack as="ul" aria-label="Documents found" gap={1} listStyleType="none">
                  {choices.map((document) => (
                    <HStack as="li" key={document.id} gap={2}>
                      <Button
                        size="2xs"
                        variant="outline"
                        aria-label={`Link ${document.name}`}
                        disabled={link.isPending}
                        onClick={() => link.mutate({ documentId: document.id, linked: true }, { onSuccess: () => setSearch('') })}
                      >
                        Link
                      </Button>
                      <Text fontSize="sm">{pathOf(document)}</Text>
                    </HStack>
                  ))}
                </Stack>
              )}
              {debounced.trim() !== '' && found.data && choices.length === 0 && (
                <Text fontSize="sm" color="fg.muted">
                  No other document matches.
                </Text>
              )}
            </Stack>
          )}
          {link.error && <ErrorAlert error={link.error} />}
        </>
      )}
      <ConfirmDialog
        open={unlinking !== null}
        title="Unlink file"
        message={unlinking ? `Unlink ${pathOf(unlinking)} from this task? The file stays in the library.` : ''}
        yesText="Unlink"
        noText="Cancel"
        busy={link.isPending}
        onNo={() => setUnlinking(null)}
        onYes={() => {
          if (!unlinking) return;
          link.mutate({ documentId: unlinking.id, linked: false }, { onSettled: () => setUnlinking(null) });
        }}
      />
    </Stack>
  );
}
