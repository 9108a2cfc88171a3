// /collaboration/share-files: the process's evidence library (issue 23 items 7-8). Upload (drop,
// several files, progress, cancel), browse by folder or tag, search names and text content, open
// a document (?document=<id>, where review reminders link) to preview, download, see its versions,
// change its details, link it to requirements or delete it. Others' changes show live.
import { Button, HStack, Input, Stack, Text } from '@chakra-ui/react';
import { ErrorAlert, graphOf, isPlatformView, Loading, ScreenFrame, usePermitted, useSession, type ScreenComponent } from '@portal/shared';
import { Select, useDebounced } from '@portal/shared/screens';
import { useId, useState } from 'react';

/** Today as 'YYYY-MM-DD', read once per mount (review-by dates past it are marked). */
const todayOf = () => new Date().toISOString().slice(0, 10);
import { useSearchParams } from 'react-router';
import { PAGE_SIZE, useDocuments } from '../api/getDocuments';
import { DOCUMENT_PERMISSIONS } from '../api/keys';
import { useLiveDocuments } from '../hooks/useLiveDocuments';
import { DocumentList } from './DocumentList';
import { DocumentPanel } from './DocumentPanel';
import { FileUpload } from './FileUpload';

const ALL = '*';


function Library({ graph }: { graph: string }) {
  useLiveDocuments(graph);
  const mayUpload = usePermitted(DOCUMENT_PERMISSIONS.UPLOAD);
  const [params, setParams] = useSearchParams();
  const [search, setSearch] = useState(params.get('q') ?? '');
  const [today] = useState(todayOf);
  const q = useDebounced(search.trim(), 300);
  const folder = params.get('folder') ?? ALL;
  const tag = params.get('tag') ?? ALL;
  const offset = Math.max(0, Number(params.get('offset')) || 0);
  const openId = params.get('document') ?? undefined;
  const query = { ...(folder === ALL ? {} : { folder }), ...(tag === ALL ? {} : { tag }), ...(q ? { q } : {}), offset, limit: PAGE_SIZE };
  const documents = useDocuments(graph, query);
  const ids = { folder: useId(), tag: useId(), search: useId() };
  const change = (next: Record<string, string | null>) =>
    setParams((current) => {
      const updated = new URLSearchParams(current);
      for (const [name, value] of Object.entries(next)) {
        if (value === null || value === ALL || value === '') updated.delete(name);
        else updated.set(name, value);
      }
      return updated;
    });
  const page = documents.data;
  return (
    <Stack gap={6}>
      {mayUpload && <FileUpload graph={graph} folder={folder === ALL ? '' : folder} />}
      <HStack gap={3} align="flex-end" flexWrap="wrap" role="search">
        <Stack gap={1}>
          <label htmlFor={ids.folder}>
            <Text fontSize="sm">Folder</Text>
          </label>
          <Select size="sm" width="14rem" id={ids.folder} value={folder} onChange={(event) => change({ folder: event.target.value, offset: null })}>
            <option value={ALL}>All folders</option>
            {(page?.folders ?? []).map((name) => (
              <option key={name} value={name}>
                {name === '' ? '/ (root)' : name}
              </option>
            ))}
          </Select>
        </Stack>
        <Stack gap={1}>
          <label htmlFor={ids.tag}>
            <Text fontSize="sm">Tag</Text>
          </label>
          <Select size="sm" width="12rem" id={ids.tag} value={tag} onChange={(event) => change({ tag: event.target.value, offset: null })}>
            <option value={ALL}>All tags</option>
            {(page?.tags ?? []).map((name) => (
              <option key={name} value={name}>
                {name}
              </option>
            ))}
          </Select>
        </Stack>
        <Stack gap={1} flex="1" minW="14rem">
          <label htmlFor={ids.search}>
            <Text fontSize="sm">Search names and text</Text>
          </label>
          <Input
            id={ids.search}
            size="sm"
            type="search"
            value={search}
            onChange={(event) => {
              setSearch(event.target.value);
              change({ offset: null });
            }}
          />
        </Stack>
      </HStack>
      {openId && <DocumentPanel key={openId} graph={graph} id={openId} onClose={() => change({ document: null })} />}
      {documents.isPending ? (
        <Loading label="Loading documents…" />
      ) : documents.error || !page ? (
        <ErrorAlert error={documents.error} onRetry={() => void documents.refetch()} />
      ) : page.items.length === 0 ? (
        <Text color="fg.muted" role="status">
          {q || folder !== ALL || tag !== ALL ? 'No document matches.' : 'No shared file yet.'}
        </Text>
      ) : (
        <Stack gap={2}>
          <DocumentList documents={page.items} openId={openId} onOpen={(id) => change({ document: id })} today={today} />
          <HStack gap={3}>
            <Text fontSize="sm" color="fg.muted">
              {offset + 1}–{offset + page.items.length} of {page.total}
            </Text>
            <Button size="xs" variant="outline" disabled={offset === 0} onClick={() => change({ offset: String(Math.max(0, offset - PAGE_SIZE)) })}>
              Previous
            </Button>
            <Button size="xs" variant="outline" disabled={offset + page.items.length >= page.total} onClick={() => change({ offset: String(offset + PAGE_SIZE) })}>
              Next
            </Button>
          </HStack>
        </Stack>
      )}
    </Stack>
  );
}

export const FilesScreen: ScreenComponent = ({ route }) => {
  const process = useSession((state) => state.process);
  const graph = process && !isPlatformView(process) ? graphOf(process) : undefined;
  return (
    <ScreenFrame route={route} title="Shared Files">
      {graph ? <Library graph={graph} /> : <Text>Choose a process: shared files belong to a process.</Text>}
    </ScreenFrame>
  );
};
