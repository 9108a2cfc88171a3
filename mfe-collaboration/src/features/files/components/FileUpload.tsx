// Upload into the library (issue 23 item 7): several files dropped or picked, into a folder with
// tags; each file's progress with its own Cancel, then stored (as version n) or refused with why.
import { Button, HStack, Input, Stack, Text } from '@chakra-ui/react';
import { ErrorAlert } from '@portal/shared';
import { DOCUMENT_EXTENSIONS, DOCUMENT_MAX_BYTES } from '@portal/shared/collaboration';
import { FileDrop, UploadProgress } from '@portal/shared/screens';
import { useId, useState } from 'react';
import { useDocumentUploads, type UploadItem } from '../hooks/useDocumentUploads';
import { formatBytes } from './csv';

const ACCEPT = DOCUMENT_EXTENSIONS.map((extension) => `.${extension}`).join(',');

function UploadLine({ item, onCancel }: { item: UploadItem; onCancel: () => void }) {
  if (item.phase === 'waiting' || item.phase === 'sending') {
    return <UploadProgress title={item.phase === 'waiting' ? `Waiting: ${item.name}` : `Uploading ${item.name}`} label={`Upload progress of ${item.name}`} progress={item.progress} onCancel={onCancel} />;
  }
  if (item.phase === 'stored') return <Text fontSize="sm">{item.version > 1 ? `${item.name} stored as version ${item.version}.` : `${item.name} stored.`}</Text>;
  if (item.phase === 'cancelled') return <Text fontSize="sm" color="fg.muted">{item.name}: upload cancelled.</Text>;
  if (item.phase !== 'refused') return null;
  return <ErrorAlert error={item.error} title={`${item.name} was not accepted`} />;
}

export function FileUpload({ graph, folder: currentFolder }: { graph: string; folder: string }) {
  const { items, start, cancel, clear } = useDocumentUploads(graph);
  const [folder, setFolder] = useState(currentFolder);
  const [tags, setTags] = useState('');
  const folderId = useId();
  const tagsId = useId();
  const done = items.some((item) => item.phase !== 'waiting' && item.phase !== 'sending');
  return (
    <Stack gap={3} as="section" aria-label="Upload files">
      <HStack gap={3} align="flex-end" flexWrap="wrap">
        <Stack gap={1}>
          <label htmlFor={folderId}>
            <Text fontSize="sm">Folder</Text>
          </label>
          <Input id={folderId} size="sm" value={folder} placeholder="e.g. audits/2026 (empty: the root)" onChange={(event) => setFolder(event.target.value)} />
        </Stack>
        <Stack gap={1}>
          <label htmlFor={tagsId}>
            <Text fontSize="sm">Tags</Text>
          </label>
          <Input id={tagsId} size="sm" value={tags} placeholder="comma-separated" onChange={(event) => setTags(event.target.value)} />
        </Stack>
      </HStack>
      <FileDrop
        label="Files to share"
        accept={ACCEPT}
        multiple
        onFiles={(files) => void start(files, { folder: folder.trim(), tags })}
        chooseText="Choose files"
        hint={`PDF, images (PNG, JPEG, GIF, WebP), text, markdown or CSV; at most ${formatBytes(DOCUMENT_MAX_BYTES)} each. A file named as one already in the folder becomes its new version.`}
      />
      {items.length > 0 && (
        <Stack gap={2} as="ul" listStyleType="none" aria-label="Uploads">
          {items.map((item) => (
            <li key={item.key}>
              <UploadLine item={item} onCancel={() => cancel(item.key)} />
            </li>
          ))}
        </Stack>
      )}
      {done && (
        <HStack>
          <Button size="xs" variant="ghost" onClick={clear}>
            Clear finished uploads
          </Button>
        </HStack>
      )}
    </Stack>
  );
}
