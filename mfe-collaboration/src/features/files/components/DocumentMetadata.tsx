// A document's folder, tags, owner and review-by date, changed by those who may upload: the
// review-by date raises Remind Due Date / Past Due to the owner, as a task's due date does.
import { Button, HStack, Input, Stack, Text } from '@chakra-ui/react';
import { ErrorAlert, showSnackbar, usePermitted, useSession } from '@portal/shared';
import { type DocumentDetail } from '@portal/shared/collaboration';
import { useId, useState } from 'react';
import { useChangeDocument } from '../api/changeDocument';
import { DOCUMENT_PERMISSIONS } from '../api/keys';

export function DocumentMetadata({ graph, document }: { graph: string; document: DocumentDetail }) {
  const mayChange = usePermitted(DOCUMENT_PERMISSIONS.UPLOAD);
  const me = useSession((state) => state.session?.user ?? null);
  const change = useChangeDocument(graph, document.id);
  const [folder, setFolder] = useState(document.folder);
  const [tags, setTags] = useState(document.tags.join(', '));
  const [reviewBy, setReviewBy] = useState(document.review_by ?? '');
  const ids = { folder: useId(), tags: useId(), reviewBy: useId() };
  const save = () =>
    change.mutate(
      {
        folder: folder.trim(),
        tags: tags.split(',').map((tag) => tag.trim()).filter(Boolean),
        review_by: reviewBy === '' ? null : reviewBy,
      },
      { onSuccess: () => showSnackbar('Document saved.', 'success') },
    );
  return (
    <Stack gap={2} as="form" aria-label="Document details" onSubmit={(event) => { event.preventDefault(); save(); }}>
      <HStack gap={2}>
        <Text fontSize="sm">Owner: {document.owner?.name ?? 'none'}</Text>
        {mayChange && me && document.owner?.id !== me.id && (
          <Button size="2xs" variant="outline" disabled={change.isPending} onClick={() => change.mutate({ owner: me.id })}>
            Make me the owner
          </Button>
        )}
      </HStack>
      <HStack gap={3} align="flex-end" flexWrap="wrap">
        <Stack gap={1}>
          <label htmlFor={ids.folder}>
            <Text fontSize="sm">Folder</Text>
          </label>
          <Input id={ids.folder} size="sm" value={folder} disabled={!mayChange} onChange={(event) => setFolder(event.target.value)} />
        </Stack>
        <Stack gap={1}>
          <label htmlFor={ids.tags}>
            <Text fontSize="sm">Tags</Text>
          </label>
          <Input id={ids.tags} size="sm" value={tags} disabled={!mayChange} onChange={(event) => setTags(event.target.value)} />
        </Stack>
        <Stack gap={1}>
          <label htmlFor={ids.reviewBy}>
            <Text fontSize="sm">Review by</Text>
          </label>
          <Input id={ids.reviewBy} type="date" size="sm" value={reviewBy} disabled={!mayChange} onChange={(event) => setReviewBy(event.target.value)} />
        </Stack>
        {mayChange && (
          <Button type="submit" size="sm" variant="outline" loading={change.isPending}>
            Save
          </Button>
        )}
      </HStack>
      {change.error && <ErrorAlert error={change.error} />}
    </Stack>
  );
}
