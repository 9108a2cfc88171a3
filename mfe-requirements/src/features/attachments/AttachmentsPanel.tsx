// The attachments of one requirement: upload with a progress bar (limits checked first, with the
// API's own messages), the list with download links, delete after confirmation.
import { Box, Button, Heading, HStack, Link, Stack, Text } from '@chakra-ui/react';
import { ConfirmDialog, Empty, ErrorAlert, isAbortError, problemText, QueryView, showSnackbar, usePermitted } from '@portal/shared';
import { FileButton } from '@portal/shared/screens';
import { useEffect, useId, useRef, useState } from 'react';
import { DataTable } from '../../components/DataTable';
import { P } from '../../lib/permissions';
import { ProgressBar } from '../../components/ProgressBar';
import type { Attachment } from '../../types/analysis';
import { useDeleteAttachment } from './api/deleteAttachment';
import { useShareAttachment } from './api/shareAttachment';
import { attachmentUrl, downloadAttachment } from './api/downloadAttachment';
import { useAttachments } from './api/getAttachments';
import { useUploadAttachment } from './api/uploadAttachment';
import { ALLOWED_EXTENSIONS, checkFile, formatSize } from './attachmentFile';
import { formatDate } from '../../lib/dates';

export interface AttachmentsPanelProps {
  /** The process code (graph) the requirement belongs to. */
  graph: string;
  requirementId: string;
  /** A deleted requirement's attachments: listed and downloadable, never added or removed. */
  readOnly?: boolean;
}

interface Progress {
  name: string;
  loaded: number;
  total: number;
}

export function AttachmentsPanel({ graph, requirementId, readOnly = false }: AttachmentsPanelProps) {
  const inputId = useId();
  const mayUpload = usePermitted(P.DOCUMENT_UPLOAD);
  const canUpload = mayUpload && !readOnly;
  const canDelete = usePermitted(P.DOCUMENT_DELETE) && !readOnly;
  const [progress, setProgress] = useState<Progress | null>(null);
  const [problem, setProblem] = useState<unknown>(null);
  const [deleting, setDeleting] = useState<Attachment | null>(null);
  const upload = useRef<AbortController | null>(null);
  useEffect(() => () => upload.current?.abort(), []);

  const attachments = useAttachments(graph, requirementId);
  const remove = useDeleteAttachment(graph, requirementId);
  const share = useShareAttachment(graph);
  const send = useUploadAttachment(graph, requirementId);

  const start = (file: File) => {
    setProblem(null);
    const refusal = checkFile(file);
    if (refusal) {
      setProblem(new Error(refusal));
      return;
    }
    setProgress({ name: file.name, loaded: 0, total: file.size });
    upload.current = new AbortController();
    send
      .mutateAsync({ file, onProgress: ({ loaded, total }) => setProgress({ name: file.name, loaded, total }), signal: upload.current.signal })
      .then((attachment) => showSnackbar(`${attachment.name} attached.`, 'success'))
      .catch((error: unknown) => {
        if (!isAbortError(error)) setProblem(error);
      })
      .finally(() => {
        upload.current = null;
        setProgress(null);
      });
  };

  const download = (attachment: Attachment) => {
    downloadAttachment(graph, attachment).catch((error: unknown) => setProblem(error));
  };

  return (
    <Box as="section" aria-labelledby={`${inputId}-heading`}>
      <Heading as="h2" size="md" id={`${inputId}-heading`} mb={3}>
        Attachments
      </Heading>
      <Stack gap={3}>
        {canUpload && (
          <Stack gap={1}>
            <HStack gap={3} flexWrap="wrap">
              <FileButton
                size="sm"
                variant="outline"
                label="Attach a file"
                disabled={progress !== null}
                accept={ALLOWED_EXTENSIONS.map((extension) => `.${extension}`).join(',')}
                onFile={start}
              >
                Attach a file
              </FileButton>
            </HStack>
            <Text fontSize="xs" color="fg.muted">
              At most 10 MB; {ALLOWED_EXTENSIONS.join(', ')}.
            </Text>
          </Stack>
        )}
        {progress && (
          <HStack gap={3}>
            <Text fontSize="sm" flexShrink={0}>
              Uploading {progress.name}
            </Text>
            <Box flex="1">
              <ProgressBar
                label="Upload progress"
                value={progress.total ? Math.round((progress.loaded / progress.total) * 100) : 0}
                valueText={`${formatSize(progress.loaded)} of ${formatSize(progress.total)}`}
              />
            </Box>
            <Button size="xs" variant="ghost" onClick={() => upload.current?.abort()}>
              Cancel upload
            </Button>
          </HStack>
        )}
        {problem !== null && <ErrorAlert error={problem} />}
        <QueryView query={attachments} loading="Loading attachments…">
          {(list) =>
            list.length === 0 ? (
              <Empty title="No attachments" description={canUpload ? 'Attach evidence, policies or reports to this requirement.' : undefined} />
            ) : (
              <DataTable
                caption="Attached files"
                rows={list}
                rowKey={(attachment) => attachment.id}
                columns={[
                  {
                    header: 'File',
                    rowHeader: true,
                    cell: (attachment) => (
                      <Link
                        href={attachmentUrl(graph, attachment)}
                        aria-label={`Download ${attachment.name}`}
                        onClick={(event) => {
                          event.preventDefault();
                          download(attachment);
                        }}
                      >
                        {attachment.name}
                      </Link>
                    ),
                  },
                  { header: 'Size', cell: (attachment) => formatSize(attachment.size) },
                  { header: 'Uploaded by', cell: (attachment) => attachment.uploaded_by?.name ?? '—' },
                  { header: 'Uploaded', cell: (attachment) => formatDate(attachment.created_at) },
                  {
                    header: 'Actions',
                    cell: (attachment) => (
                      <HStack gap={2}>
                        {/* Sharing copies the file into the library: the requirement stays as it is. */}
                        {mayUpload && (
                          <Button
                            size="xs"
                            variant="outline"
                            aria-label={`Share ${attachment.name} to Shared Files`}
                            disabled={share.isPending}
                            onClick={() =>
                              share.mutate(attachment, {
                                onSuccess: (document) =>
                                  showSnackbar(`${attachment.name} is in Shared Files as ${document.name}${document.current_version > 1 ? ` (version ${document.current_version})` : ''}.`, 'success'),
                                onError: (error) => showSnackbar(problemText(error), 'error'),
                              })
                            }
                          >
                            Share to library
                          </Button>
                        )}
                        {canDelete && (
                          <Button size="xs" variant="outline" colorPalette="red" aria-label={`Delete ${attachment.name}`} onClick={() => setDeleting(attachment)}>
                            Delete
                          </Button>
                        )}
                      </HStack>
                    ),
                  },
                ]}
              />
            )
          }
        </QueryView>
      </Stack>
      <ConfirmDialog
        open={deleting !== null}
        title="Delete attachment"
        message={deleting ? `Delete ${deleting.name}? This cannot be undone.` : ''}
        yesText="Delete"
        noText="Cancel"
        busy={remove.isPending}
        onNo={() => setDeleting(null)}
        onYes={() =>
          deleting &&
          remove.mutate(deleting, {
            onSuccess: () => {
              showSnackbar(`${deleting.name} deleted.`, 'success');
              setDeleting(null);
            },
            onError: (error) => {
              setProblem(new Error(problemText(error)));
              setDeleting(null);
            },
          })
        }
      />
    </Box>
  );
}
